// Draws resources/icon.png (1024×1024) from resources/icon.svg. electron-builder makes the
// Windows .ico and the macOS .icns from this one PNG, so only the SVG is edited by hand.
// Run with `node scripts/make-icon.mjs` after changing the SVG; the PNG is committed.
import sharp from 'sharp'

const svg = new URL('../resources/icon.svg', import.meta.url).pathname
const png = new URL('../resources/icon.png', import.meta.url).pathname
await sharp(svg, { density: 72 }).resize(1024, 1024).png({ compressionLevel: 9 }).toFile(png)
console.log(`wrote ${png}`)
