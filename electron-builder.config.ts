import type { Configuration } from 'electron-builder'

/**
 * How `npm run dist` turns the electron-vite build (out/) into installers a GM without Node
 * can run: NSIS on Windows, a dmg on macOS, an AppImage and a deb on Linux. Each platform is
 * built on its own system (see docs/release.md): sharp's native binaries are installed for the
 * machine npm ran on, and a Windows installer built elsewhere would carry Linux's.
 * tests/unit/hosts/dist-config.test.ts holds each setting below to its reason.
 */
const config: Configuration = {
  appId: 'app.salvo.console',
  productName: 'Salvo',
  copyright: 'Copyright © Salvo contributors',
  icon: 'resources/icon.png',
  directories: { output: 'dist', buildResources: 'build' },
  // Only the desktop build goes in; out/web is browser mode's server, which the app never runs.
  files: ['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json'],
  // Content packs are data the GM may look at and a release may replace, not code: they sit
  // on disk under <resources>/resources/, where packaged-paths.ts looks for them.
  extraResources: [{ from: 'resources/content-packs', to: 'resources/content-packs', filter: ['**/*'] }],
  asar: true,
  // Read from disk, not from the archive:
  // - sharp loads libvips through the operating system's loader, which cannot see inside an asar;
  //   @img holds the per-platform .node file and the libvips library beside it;
  // - the forecast worker is an ES module started as a worker thread, read by Node's own loader,
  //   so it goes on disk with the chunks it imports and the two packages those import.
  asarUnpack: [
    'node_modules/sharp/**',
    'node_modules/@img/**',
    'out/main/forecast-worker.js',
    'out/main/chunks/**',
    'node_modules/zod/**',
    'node_modules/seedrandom/**',
    // The walls' index (issue 34): the worker's fights judge lines of fire and reach.
    'node_modules/flatbush/**',
    'node_modules/flatqueue/**',
  ],
  // sharp ships prebuilt Node-API binaries, which work in Electron as they are; rebuilding would
  // need a compiler on the release machine for nothing.
  npmRebuild: false,
  // Flipped after packing and before signing, so the signature covers them.
  electronFuses: {
    // The app's binary must not double as a plain Node that runs any script it is handed.
    runAsNode: false,
    // Nor take code to preload or a debugger port from its environment or command line.
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    // The archive is checked against the hash signed into the app (macOS, Windows) ...
    enableEmbeddedAsarIntegrityValidation: true,
    // ... and the app is loaded only from that archive, never from a loose app/ folder beside it.
    onlyLoadAppFromAsar: true,
    // Salvo keeps no cookies worth reading, but encrypting the store costs nothing.
    enableCookieEncryption: true,
    // Pages come over salvo://, never file://, so file: gets no more than any other scheme.
    grantFileProtocolExtraPrivileges: false,
  },
  win: { target: [{ target: 'nsis', arch: ['x64'] }] },
  // Fixed names, so the README can say which file to download.
  nsis: {
    artifactName: 'Salvo-Setup-${version}.${ext}',
    // A GM installs for themself without an administrator, and may choose where.
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    // The campaigns are the GM's: uninstalling the app leaves them where they are.
    deleteAppDataOnUninstall: false,
  },
  mac: {
    target: [{ target: 'dmg', arch: ['x64', 'arm64'] }],
    category: 'public.app-category.role-playing-games',
    hardenedRuntime: true,
    artifactName: 'Salvo-${version}-${arch}.${ext}',
  },
  linux: {
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
    category: 'Game',
    maintainer: 'Salvo contributors',
    synopsis: 'Offline game-master console for tactical sci-fi tabletop combat',
    artifactName: 'Salvo-${version}-${arch}.${ext}',
  },
  // Nothing is published from a build machine; a release is uploaded by hand (docs/release.md).
  publish: null,
}

export default config
