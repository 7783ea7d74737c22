import {
  ImportClauseNode,
  ImportStatementNode,
  TypeScriptSerializer,
  type AliasDeclarationNode,
  type ExportStatementNode,
  type InterfaceDeclarationNode,
  type StatementNode,
} from 'kysely-codegen';

/** A generated file: its path from db/ and its statements as kysely-codegen serializes them. */
export interface TableTypesFile {
  path: string;
  source: string;
}

/** The index every importer reads `DB` from; the helpers and each area's tables beside it in tables/. */
export const indexFile = 'database.generated.ts';
export const tablesFolder = 'tables';
const helpersFile = 'scalars.generated.ts';
const areaFile = (area: string) => `${area}.generated.ts`;

type InterfaceStatement = ExportStatementNode<InterfaceDeclarationNode>;

const isInterface = (statement: StatementNode): statement is InterfaceStatement =>
  statement.type === 'ExportStatement' && statement.argument.type === 'InterfaceDeclaration';
const isHelper = (statement: StatementNode): statement is ExportStatementNode<AliasDeclarationNode> =>
  statement.type === 'ExportStatement' && statement.argument.type === 'AliasDeclaration';

/**
 * Splits kysely-codegen's statements (its transform()) into files: the helpers it defines
 * (Generated) in one, each area's table interfaces in their own, and `DB` in the index importing
 * them. Every statement is serialized by kysely-codegen; each file imports only what it names.
 */
export function splitTableTypes(
  statements: StatementNode[],
  areas: Record<string, readonly string[]>,
): TableTypesFile[] {
  const serializer = new TypeScriptSerializer();
  const imports = statements.filter((statement) => statement.type === 'ImportStatement');
  const helpers = statements.filter(isHelper);
  const interfaces = new Map(
    statements.filter(isInterface).map((statement) => [statement.argument.id.name, statement]),
  );
  const database = interfaces.get('DB');
  if (!database) throw new Error('kysely-codegen answered no DB interface');
  const tableInterfaces = new Map(
    database.argument.body.properties.map(({ key, value }) => [
      key,
      value.type === 'Identifier' ? interfaces.get(value.name) : undefined,
    ]),
  );

  const placed = Object.values(areas).flat();
  const unplaced = [...tableInterfaces.keys()].filter((table) => !placed.includes(table));
  const unknown = placed.filter(
    (table, index) => !tableInterfaces.get(table) || placed.indexOf(table) !== index,
  );
  if (unplaced.length > 0 || unknown.length > 0) {
    throw new Error(
      'table-areas.ts must place every table once: ' +
        `${unplaced.join(', ') || 'none'} without an area, ${unknown.join(', ') || 'none'} unknown or twice`,
    );
  }

  /** The body after the imports it names, of those available. */
  const fileOf = (body: StatementNode[], available: ImportStatementNode[]) => {
    const text = serializer.serializeStatements(body);
    const named = ({ name, alias }: ImportClauseNode) => new RegExp(`\\b${alias ?? name}\\b`).test(text);
    const used = available
      .map(({ moduleName, imports: clauses }) => new ImportStatementNode(moduleName, clauses.filter(named)))
      .filter((statement) => statement.imports.length > 0);
    return serializer.serializeStatements([...used, ...body]);
  };
  const importOf = (moduleName: string, names: string[]) =>
    new ImportStatementNode(
      moduleName,
      names.map((name) => new ImportClauseNode(name)),
    );

  const helperImport = importOf(
    `./${helpersFile}`,
    helpers.map((statement) => statement.argument.id.name),
  );
  const areaTables = Object.entries(areas).map(([area, tables]) => ({
    area,
    body: tables.map((table) => tableInterfaces.get(table) as InterfaceStatement),
  }));
  return [
    { path: `${tablesFolder}/${helpersFile}`, source: fileOf(helpers, imports) },
    ...areaTables.map(({ area, body }) => ({
      path: `${tablesFolder}/${areaFile(area)}`,
      source: fileOf(body, [...imports, helperImport]),
    })),
    {
      path: indexFile,
      source: serializer.serializeStatements([
        ...areaTables.map(({ area, body }) =>
          importOf(
            `./${tablesFolder}/${areaFile(area)}`,
            body.map((statement) => statement.argument.id.name),
          ),
        ),
        database,
      ]),
    },
  ];
}
