import { relative, resolve } from 'node:path'
import ts from 'typescript'
import { sourceFiles } from './source-imports'

/*
 * Which rule code the app can run. A rule written as a pure function that no command reaches
 * does not exist for the GM, so this walks the program the way the app does: from the core and
 * the hosts (everything outside src-main/rules/ is taken as live) through every value each
 * top-level declaration names, resolved by the type checker (aliases, re-exports and
 * `import * as` included). A rule declaration nothing live names is unreachable, even when a
 * test or another dead function calls it.
 */

const ROOT = resolve('.')
const RULES = 'src-main/rules/'

/** One top-level value declaration of a source file: a function, class, or one variable of a statement. */
interface Declaration {
  readonly key: string
  readonly file: string
  readonly name: string
  readonly exported: boolean
  readonly node: ts.Node
}

export interface Unreached {
  readonly file: string
  readonly name: string
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
}

/** The value declarations a top-level statement makes (types and interfaces are not code that runs). */
function declarationsOf(statement: ts.Statement, file: string): Declaration[] {
  const make = (name: string, node: ts.Node, exported: boolean): Declaration => ({ key: `${file}#${name}`, file, name, exported, node })
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
    return [make(statement.name.text, statement, isExported(statement))]
  }
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [make(d.name.text, d, isExported(statement))] : [],
    )
  }
  if (ts.isEnumDeclaration(statement)) return [make(statement.name.text, statement, isExported(statement))]
  return []
}

/** The source files of the program: production code only (tests reach nothing for the GM). */
function productionFiles(): string[] {
  return ['src-main', 'src-shared'].flatMap((dir) => sourceFiles(resolve(ROOT, dir))).filter((f) => f.endsWith('.ts'))
}

/** Every top-level value declaration under src-main/rules/ that the live program never names. */
export function unreachedRuleCode(): Unreached[] {
  const program = ts.createProgram(productionFiles(), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    noEmit: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  const ours = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && !sf.fileName.includes('/node_modules/'))

  const byNode = new Map<ts.Node, Declaration>()
  const edges = new Map<string, Set<string>>()
  const roots: string[] = []
  const all: Declaration[] = []

  for (const sf of ours) {
    const file = relative(ROOT, sf.fileName).split('\\').join('/')
    const live = !file.startsWith(RULES)
    for (const statement of sf.statements) {
      const made = declarationsOf(statement, file)
      for (const d of made) {
        byNode.set(d.node, d)
        all.push(d)
        if (live) roots.push(d.key)
      }
      // Statements that run when the module loads (registrations, exports of lists) are live.
      if (made.length === 0) {
        const key = `${file}#<statement ${statement.pos}>`
        roots.push(key)
        byNode.set(statement, { key, file, name: key, exported: false, node: statement })
      }
    }
  }

  /** The top-level declaration a node sits in, if it is one of ours. */
  const containerOf = (node: ts.Node): Declaration | undefined => {
    for (let n: ts.Node | undefined = node; n; n = n.parent) {
      const d = byNode.get(n)
      if (d) return d
    }
    return undefined
  }

  for (const sf of ours) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const from = containerOf(node)
        let symbol = checker.getSymbolAtLocation(node)
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
        // `{ name }` shorthand in an object literal names the value, not the property.
        if (ts.isShorthandPropertyAssignment(node.parent)) symbol = checker.getShorthandAssignmentValueSymbol(node.parent) ?? symbol
        for (const decl of symbol?.declarations ?? []) {
          const to = containerOf(decl)
          if (from && to && to.key !== from.key) {
            const out = edges.get(from.key) ?? new Set<string>()
            out.add(to.key)
            edges.set(from.key, out)
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }

  const reached = new Set<string>(roots)
  const queue = [...roots]
  while (queue.length > 0) {
    for (const next of edges.get(queue.pop()!) ?? []) {
      if (!reached.has(next)) {
        reached.add(next)
        queue.push(next)
      }
    }
  }

  return all
    .filter((d) => d.file.startsWith(RULES) && !reached.has(d.key))
    .map(({ file, name }) => ({ file, name }))
    .sort((a, b) => `${a.file}#${a.name}`.localeCompare(`${b.file}#${b.name}`))
}
