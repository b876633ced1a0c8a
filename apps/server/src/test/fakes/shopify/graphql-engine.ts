/**
 * A small GraphQL engine for the fake: the schema is a table of object types whose fields say what they return
 * (scalar, object, list of objects, connection) and how to resolve it. A request is parsed with `graphql`'s
 * parser, validated and costed statically (Shopify's calculated query cost, before anything runs), then executed
 * by projecting each resolved value through the selection set — so the answer holds exactly the selected fields,
 * under their aliases, with `__typename`, fragments, variables and @skip/@include honoured. Error shapes follow
 * Shopify's (graphql-ruby's): `{message, locations, path, extensions:{code,…}}`.
 */
import { Kind, print, valueFromASTUntyped } from 'graphql';
import type {
  DirectiveNode,
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
  TypeNode,
  ValueNode,
} from 'graphql';
import type { Page } from './pagination';

export type Args = Record<string, unknown>;

export interface ArgSpec {
  /** GraphQL type name as shown in error messages (e.g. `Int`, `OrderSortKeys`, `[String!]`). */
  type: string;
  required?: boolean;
  enumValues?: readonly string[];
  scalar?: 'Int' | 'String' | 'Boolean' | 'ID' | 'Float';
}

export interface FieldSpec<S = unknown, C = unknown> {
  kind: 'scalar' | 'object' | 'list' | 'connection';
  /** Object, list element or connection node type. */
  type?: string;
  args?: Record<string, ArgSpec>;
  /** Cost of the field itself when it is an object (default 1); mutations cost 10. */
  cost?: number;
  resolve?(source: S, args: Args, ctx: C, field: FieldNode): unknown;
}

export interface ObjectSpec<C = unknown> {
  kind: 'object';
  name: string;
  fields: Record<string, FieldSpec<never, C>>;
  /** Interfaces and unions this type belongs to (for fragment type conditions). */
  memberOf?: readonly string[];
}

export interface UnionSpec {
  kind: 'union';
  name: string;
  types: readonly string[];
}

export type TypeSpec<C = unknown> = ObjectSpec<C> | UnionSpec;

export interface Schema<C> {
  types: Map<string, TypeSpec<C>>;
  queryType: string;
  mutationType: string;
  maxPageSize: number;
}

export function objectType<S, C>(name: string, fields: Record<string, FieldSpec<S, C>>, memberOf?: readonly string[]): ObjectSpec<C> {
  return { kind: 'object', name, fields: fields as Record<string, FieldSpec<never, C>>, memberOf };
}

/** An error raised by a resolver: the field answers null and the error is listed with its path. */
export class FieldError extends Error {
  constructor(
    message: string,
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface GraphQLErrorJson {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export interface Analysis {
  operation: OperationDefinitionNode;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  rootType: string;
  rootFields: string[];
  requestedCost: number;
  errors: GraphQLErrorJson[];
}

const CONNECTION_FIELDS = new Set(['nodes', 'edges', 'pageInfo', '__typename']);
const EDGE_FIELDS = new Set(['cursor', 'node', '__typename']);
const PAGE_INFO_FIELDS = new Set(['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor', '__typename']);

function locationOf(node: { loc?: { startToken: { line: number; column: number } } }): { line: number; column: number }[] | undefined {
  return node.loc ? [{ line: node.loc.startToken.line, column: node.loc.startToken.column }] : undefined;
}

function typeToString(type: TypeNode): string {
  return print(type);
}

function variablesIn(value: ValueNode, out: string[] = []): string[] {
  switch (value.kind) {
    case Kind.VARIABLE:
      out.push(value.name.value);
      break;
    case Kind.LIST:
      for (const v of value.values) variablesIn(v, out);
      break;
    case Kind.OBJECT:
      for (const f of value.fields) variablesIn(f.value, out);
      break;
    default:
      break;
  }
  return out;
}

function directiveValue(directive: DirectiveNode, name: string, variables: Record<string, unknown>): unknown {
  const arg = directive.arguments?.find((a) => a.name.value === name);
  return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
}

/** @skip / @include on a field or fragment. */
function isIncluded(directives: readonly DirectiveNode[] | undefined, variables: Record<string, unknown>): boolean {
  for (const d of directives ?? []) {
    if (d.name.value === 'skip' && directiveValue(d, 'if', variables) === true) return false;
    if (d.name.value === 'include' && directiveValue(d, 'if', variables) === false) return false;
  }
  return true;
}

function mergeSelections(fields: FieldNode[]): SelectionSetNode | undefined {
  const withSelections = fields.filter((f) => f.selectionSet);
  if (withSelections.length === 0) return undefined;
  if (withSelections.length === 1) return withSelections[0]!.selectionSet;
  return { kind: Kind.SELECTION_SET, selections: withSelections.flatMap((f) => f.selectionSet!.selections) };
}

/**
 * The engine for one request: analysis (validation + requested cost) and execution (projection + actual cost).
 */
/** A response path built only when an error needs it (execution visits thousands of fields per page). */
interface PathLink {
  prev: PathLink | undefined;
  key: string | number;
}

function pathArray(link: PathLink | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  for (let l = link; l; l = l.prev) out.push(l.key);
  return out.reverse();
}

export class GraphQLRequest<C> {
  readonly errors: GraphQLErrorJson[] = [];
  actualCost = 0;
  private fragments = new Map<string, FragmentDefinitionNode>();
  private variables: Record<string, unknown> = {};
  private operationLabel = 'query';
  // Execution runs the same selection over every node of a page: what depends only on the query and its
  // variables is computed once per request.
  private fieldsCache = new WeakMap<SelectionSetNode, Map<string, Map<string, FieldNode[]>>>();
  private mergedCache = new WeakMap<FieldNode[], SelectionSetNode | null>();
  private argsCache = new WeakMap<FieldNode, Args>();

  constructor(
    private readonly schema: Schema<C>,
    private readonly document: DocumentNode,
  ) {
    for (const def of document.definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(def.name.value, def);
    }
  }

  /** Picks the operation, coerces variables, validates and computes the requested cost. */
  analyze(providedVariables: unknown, operationName: string | null | undefined): Analysis | null {
    const operations = this.document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    let operation: OperationDefinitionNode | undefined;
    if (operationName) {
      operation = operations.find((o) => o.name?.value === operationName);
      if (!operation) {
        this.errors.push({ message: `No operation named "${operationName}"` });
        return null;
      }
    } else if (operations.length === 1) {
      operation = operations[0];
    } else {
      this.errors.push({ message: operations.length === 0 ? 'No operations in query document' : 'An operation name is required' });
      return null;
    }
    if (!operation) return null;
    if (operation.operation === 'subscription') {
      this.errors.push({ message: 'Subscriptions are not supported', locations: locationOf(operation) });
      return null;
    }
    this.operationLabel = operation.name ? `${operation.operation} ${operation.name.value}` : operation.operation;
    this.variables = this.coerceVariables(operation, providedVariables);
    // Invalid variables end the request (validating the rest against them would only add misleading errors).
    if (this.errors.length > 0) return null;
    for (const d of operation.directives ?? []) {
      if (d.name.value === 'idempotent') {
        this.errors.push({
          message: `'@idempotent' can't be applied to ${operation.operation === 'mutation' ? 'mutations' : 'queries'} (allowed: fields)`,
          locations: locationOf(d),
          path: [this.operationLabel],
          extensions: { code: 'directiveCannotBeApplied', targetName: operation.operation, name: 'idempotent' },
        });
      }
    }
    const rootType = operation.operation === 'mutation' ? this.schema.mutationType : this.schema.queryType;
    const declared = new Set((operation.variableDefinitions ?? []).map((d) => d.variable.name.value));
    const requestedCost = this.costOf(rootType, operation.selectionSet, [this.operationLabel], declared);
    const rootFields = [...this.collectFields(rootType, operation.selectionSet).values()].map((nodes) => nodes[0]!.name.value);
    // A selection can be walked more than once (unions, merged fields): report each problem once.
    const unique = [...new Map(this.errors.map((e) => [JSON.stringify(e), e])).values()];
    this.errors.splice(0, this.errors.length, ...unique);
    return { operation, fragments: this.fragments, variables: this.variables, rootType, rootFields, requestedCost, errors: this.errors };
  }

  private coerceVariables(operation: OperationDefinitionNode, provided: unknown): Record<string, unknown> {
    const input = provided && typeof provided === 'object' && !Array.isArray(provided) ? (provided as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const def of operation.variableDefinitions ?? []) {
      const name = def.variable.name.value;
      let value = input[name];
      if (value === undefined && def.defaultValue) value = valueFromASTUntyped(def.defaultValue);
      if ((value === undefined || value === null) && def.type.kind === Kind.NON_NULL_TYPE) {
        this.errors.push({
          message: `Variable $${name} of type ${typeToString(def.type)} was provided invalid value`,
          locations: locationOf(def),
          extensions: { value: value ?? null, problems: [{ path: [], explanation: 'Expected value to not be null' }] },
        });
        continue;
      }
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  /** Fields selected on a concrete type, grouped by response key, fragments flattened. */
  collectFields(typeName: string, selectionSet: SelectionSetNode, out = new Map<string, FieldNode[]>(), visited = new Set<string>()): Map<string, FieldNode[]> {
    for (const selection of selectionSet.selections) {
      if (!isIncluded(selection.directives, this.variables)) continue;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const list = out.get(key);
        if (list) list.push(selection);
        else out.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!selection.typeCondition || this.appliesTo(selection.typeCondition.name.value, typeName)) {
          this.collectFields(typeName, selection.selectionSet, out, visited);
        }
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = this.fragments.get(name);
        if (!fragment) {
          if (!visited.has(`!${name}`)) {
            visited.add(`!${name}`);
            this.errors.push({ message: `Fragment ${name} was used, but not defined`, locations: locationOf(selection), extensions: { code: 'useAndDefineFragment', fragmentName: name } });
          }
          continue;
        }
        if (visited.has(name)) continue;
        if (this.appliesTo(fragment.typeCondition.name.value, typeName)) {
          visited.add(name);
          this.collectFields(typeName, fragment.selectionSet, out, visited);
          visited.delete(name);
        }
      }
    }
    return out;
  }

  private appliesTo(condition: string, typeName: string): boolean {
    if (condition === typeName) return true;
    const type = this.schema.types.get(typeName);
    if (type?.kind === 'object' && type.memberOf?.includes(condition)) return true;
    const conditionType = this.schema.types.get(condition);
    return conditionType?.kind === 'union' && conditionType.types.includes(typeName);
  }

  private undefinedField(typeName: string, field: FieldNode, path: (string | number)[]): void {
    this.errors.push({
      message: `Field '${field.name.value}' doesn't exist on type '${typeName}'`,
      locations: locationOf(field),
      path: [...path, field.name.value],
      extensions: { code: 'undefinedField', typeName, fieldName: field.name.value },
    });
  }

  /** Validates a field's arguments and directives; returns the coerced argument values. */
  private checkArgs(spec: FieldSpec<never, C>, field: FieldNode, path: (string | number)[], declared: Set<string>): Args {
    const specs = spec.args ?? {};
    const args: Args = {};
    const fieldPath = [...path, field.alias?.value ?? field.name.value];
    for (const arg of field.arguments ?? []) {
      const name = arg.name.value;
      for (const variable of variablesIn(arg.value)) {
        if (!declared.has(variable)) {
          this.errors.push({
            message: `Variable $${variable} is used by ${this.operationLabel} but not declared`,
            locations: locationOf(arg),
            path: [this.operationLabel],
            extensions: { code: 'variableNotDefined', variableName: variable },
          });
        }
      }
      const argSpec = specs[name];
      if (!argSpec) {
        this.errors.push({
          message: `Field '${field.name.value}' doesn't accept argument '${name}'`,
          locations: locationOf(arg),
          path: [...fieldPath, name],
          extensions: { code: 'argumentNotAccepted', name: field.name.value, typeName: 'Field', argumentName: name },
        });
        continue;
      }
      const value = valueFromASTUntyped(arg.value, this.variables);
      if (value !== undefined) args[name] = value;
      if (value === undefined || value === null) continue;
      const invalid =
        (argSpec.enumValues && (typeof value !== 'string' || !argSpec.enumValues.includes(value))) ||
        (argSpec.scalar === 'Int' && !Number.isInteger(value)) ||
        (argSpec.scalar === 'Float' && typeof value !== 'number') ||
        ((argSpec.scalar === 'String' || argSpec.scalar === 'ID') && typeof value !== 'string') ||
        (argSpec.scalar === 'Boolean' && typeof value !== 'boolean');
      if (invalid) {
        this.errors.push({
          message: `Argument '${name}' on Field '${field.name.value}' has an invalid value (${typeof value === 'string' ? value : JSON.stringify(value)}). Expected type '${argSpec.type}'.`,
          locations: locationOf(arg),
          path: [...fieldPath, name],
          extensions: { code: 'argumentLiteralsIncompatible', typeName: 'Field', argumentName: name },
        });
      }
    }
    const missing = Object.entries(specs)
      .filter(([name, s]) => s.required && (args[name] === undefined || args[name] === null))
      .map(([name]) => name);
    if (missing.length > 0) {
      this.errors.push({
        message: `Field '${field.name.value}' is missing required arguments: ${missing.join(', ')}`,
        locations: locationOf(field),
        path: fieldPath,
        extensions: { code: 'missingRequiredArguments', className: 'Field', name: field.name.value, arguments: missing.join(', ') },
      });
    }
    for (const d of field.directives ?? []) {
      const name = d.name.value;
      if (name === 'skip' || name === 'include') continue;
      if (name !== 'idempotent') {
        this.errors.push({ message: `Directive @${name} is not defined`, locations: locationOf(d), path: fieldPath, extensions: { code: 'undefinedDirective', directiveName: name } });
        continue;
      }
      const key = d.arguments?.find((a) => a.name.value === 'key');
      if (!key) {
        this.errors.push({
          message: "Directive 'idempotent' is missing required arguments: key",
          locations: locationOf(d),
          path: fieldPath,
          extensions: { code: 'missingRequiredArguments', className: 'Directive', name: 'idempotent', arguments: 'key' },
        });
      } else {
        for (const variable of variablesIn(key.value)) {
          if (!declared.has(variable)) {
            this.errors.push({
              message: `Variable $${variable} is used by ${this.operationLabel} but not declared`,
              locations: locationOf(key),
              path: [this.operationLabel],
              extensions: { code: 'variableNotDefined', variableName: variable },
            });
          }
        }
      }
    }
    return args;
  }

  /** Page size a connection asks for, validated against Shopify's rules (one of first/last, at most 250). */
  private pageSize(field: FieldNode, args: Args, path: (string | number)[]): number {
    const fieldPath = [...path, field.alias?.value ?? field.name.value];
    const first = args.first;
    const last = args.last;
    if ((first === undefined || first === null) && (last === undefined || last === null)) {
      this.errors.push({ message: 'you must provide one of first or last', locations: locationOf(field), path: fieldPath });
      return 0;
    }
    let size = 0;
    for (const [name, value] of [
      ['first', first],
      ['last', last],
    ] as const) {
      if (typeof value !== 'number') continue;
      if (value > this.schema.maxPageSize) {
        this.errors.push({
          message: `${name} cannot exceed ${this.schema.maxPageSize}. To query larger amounts of data with fewer limits, bulk operations should be used instead.`,
          locations: locationOf(field),
          path: fieldPath,
        });
      } else if (value < 0) {
        this.errors.push({ message: `${name} must be greater than or equal to 0`, locations: locationOf(field), path: fieldPath });
      }
      size = Math.max(size, value);
    }
    return size;
  }

  /** Requested cost of a selection on a type (validating it on the way). */
  private costOf(typeName: string, selectionSet: SelectionSetNode, path: (string | number)[], declared: Set<string>): number {
    const type = this.schema.types.get(typeName);
    if (!type) return 0;
    if (type.kind === 'union') {
      for (const [, nodes] of this.collectFields(typeName, selectionSet)) {
        const field = nodes[0]!;
        if (field.name.value !== '__typename') {
          this.errors.push({
            message: `Selections can't be made directly on unions (see selections on ${typeName})`,
            locations: locationOf(field),
            path: [...path, field.name.value],
            extensions: { code: 'selectionMismatch', nodeName: typeName },
          });
        }
      }
      // Shopify: a union costs the most expensive of its possible selections.
      let max = 0;
      for (const member of type.types) max = Math.max(max, this.costOf(member, selectionSet, path, declared));
      return max;
    }
    let total = 0;
    for (const [key, nodes] of this.collectFields(typeName, selectionSet)) {
      const field = nodes[0]!;
      const name = field.name.value;
      if (name === '__typename') continue;
      const spec = type.fields[name];
      if (!spec) {
        this.undefinedField(typeName, field, path);
        continue;
      }
      const args = this.checkArgs(spec, field, path, declared);
      const selection = mergeSelections(nodes);
      const fieldPath = [...path, key];
      if (spec.kind === 'scalar') {
        if (selection) {
          this.errors.push({
            message: `Selections can't be made on scalars (field '${name}' returns a scalar but has selections)`,
            locations: locationOf(field),
            path: fieldPath,
            extensions: { code: 'selectionMismatch', nodeName: `field '${name}'` },
          });
        }
        continue;
      }
      if (!selection) {
        const returns = spec.kind === 'connection' ? `${spec.type}Connection` : spec.type;
        this.errors.push({
          message: `Field must have selections (field '${name}' returns ${returns}${spec.kind === 'connection' || spec.kind === 'object' ? '' : '!'} but has no selections. Did you mean '${name} { ... }'?)`,
          locations: locationOf(field),
          path: fieldPath,
          extensions: { code: 'selectionMismatch', nodeName: `field '${name}'` },
        });
        continue;
      }
      if (spec.kind === 'connection') {
        const size = this.pageSize(field, args, path);
        total += 2 + size * this.connectionNodeCost(spec.type!, selection, fieldPath, declared);
      } else {
        total += (spec.cost ?? 1) + this.costOf(spec.type!, selection, fieldPath, declared);
      }
    }
    return total;
  }

  /** Cost of one node of a connection: the node object (1) plus its selection; edges and nodes fetch the same nodes. */
  private connectionNodeCost(nodeType: string, selectionSet: SelectionSetNode, path: (string | number)[], declared: Set<string>): number {
    let nodeCost = 0;
    const connectionType = `${nodeType}Connection`;
    for (const [key, nodes] of this.collectFields(connectionType, selectionSet)) {
      const field = nodes[0]!;
      const name = field.name.value;
      if (!CONNECTION_FIELDS.has(name)) {
        this.undefinedField(connectionType, field, path);
        continue;
      }
      const selection = mergeSelections(nodes);
      if (name === 'nodes' && selection) {
        nodeCost = Math.max(nodeCost, 1 + this.costOf(nodeType, selection, [...path, key], declared));
      } else if (name === 'edges' && selection) {
        for (const [edgeKey, edgeNodes] of this.collectFields(`${nodeType}Edge`, selection)) {
          const edgeField = edgeNodes[0]!;
          if (!EDGE_FIELDS.has(edgeField.name.value)) {
            this.undefinedField(`${nodeType}Edge`, edgeField, [...path, key]);
            continue;
          }
          const nodeSelection = mergeSelections(edgeNodes);
          if (edgeField.name.value === 'node' && nodeSelection) {
            nodeCost = Math.max(nodeCost, 1 + this.costOf(nodeType, nodeSelection, [...path, key, edgeKey], declared));
          }
        }
      } else if (name === 'pageInfo' && selection) {
        for (const [, infoNodes] of this.collectFields('PageInfo', selection)) {
          if (!PAGE_INFO_FIELDS.has(infoNodes[0]!.name.value)) this.undefinedField('PageInfo', infoNodes[0]!, [...path, key]);
        }
      }
    }
    return nodeCost;
  }

  /** Runs the analysed operation against `root`, answering only the selected fields. */
  execute(analysis: Analysis, root: unknown, ctx: C): Record<string, unknown> {
    return this.executeSelection(analysis.rootType, root, analysis.operation.selectionSet, undefined, ctx);
  }

  private argsOf(field: FieldNode): Args {
    const cached = this.argsCache.get(field);
    if (cached) return cached;
    const args: Args = {};
    for (const arg of field.arguments ?? []) {
      const value = valueFromASTUntyped(arg.value, this.variables);
      if (value !== undefined) args[arg.name.value] = value;
    }
    this.argsCache.set(field, args);
    return args;
  }

  private fieldsOf(typeName: string, selectionSet: SelectionSetNode): Map<string, FieldNode[]> {
    let byType = this.fieldsCache.get(selectionSet);
    if (!byType) {
      byType = new Map();
      this.fieldsCache.set(selectionSet, byType);
    }
    let fields = byType.get(typeName);
    if (!fields) {
      fields = this.collectFields(typeName, selectionSet);
      byType.set(typeName, fields);
    }
    return fields;
  }

  private mergedOf(nodes: FieldNode[]): SelectionSetNode | undefined {
    let merged = this.mergedCache.get(nodes);
    if (merged === undefined) {
      merged = mergeSelections(nodes) ?? null;
      this.mergedCache.set(nodes, merged);
    }
    return merged ?? undefined;
  }

  /** The @idempotent(key:) value on a field, if any (resolvers of inventory mutations need it). */
  directiveArg(field: FieldNode, directive: string, arg: string): unknown {
    const d = field.directives?.find((x) => x.name.value === directive);
    return d ? directiveValue(d, arg, this.variables) : undefined;
  }

  hasDirective(field: FieldNode, directive: string): boolean {
    return (field.directives ?? []).some((d) => d.name.value === directive);
  }

  private executeSelection(typeName: string, source: unknown, selectionSet: SelectionSetNode, path: PathLink | undefined, ctx: C): Record<string, unknown> {
    let type = this.schema.types.get(typeName);
    let concrete = typeName;
    if (type?.kind === 'union') {
      concrete = (source as { __typename?: string }).__typename ?? type.types[0]!;
      type = this.schema.types.get(concrete);
    }
    const out: Record<string, unknown> = {};
    if (!type || type.kind !== 'object') return out;
    for (const [key, nodes] of this.fieldsOf(concrete, selectionSet)) {
      const field = nodes[0]!;
      const name = field.name.value;
      if (name === '__typename') {
        out[key] = concrete;
        continue;
      }
      const spec = type.fields[name];
      if (!spec) continue;
      let value: unknown;
      try {
        value = spec.resolve ? spec.resolve(source as never, this.argsOf(field), ctx, field) : (source as Record<string, unknown>)[name];
      } catch (error) {
        if (!(error instanceof FieldError)) throw error;
        this.errors.push({
          message: error.message,
          locations: locationOf(field),
          path: pathArray({ prev: path, key }),
          ...(error.extensions ? { extensions: error.extensions } : {}),
        });
        out[key] = null;
        continue;
      }
      if (spec.kind === 'scalar') {
        out[key] = value === undefined ? null : value;
        continue;
      }
      const selection = this.mergedOf(nodes);
      if (value === null || value === undefined || !selection) {
        out[key] = null;
      } else if (spec.kind === 'object') {
        this.actualCost += spec.cost ?? 1;
        out[key] = this.executeSelection(spec.type!, value, selection, { prev: path, key }, ctx);
      } else if (spec.kind === 'list') {
        this.actualCost += spec.cost ?? 1;
        const items = value as unknown[];
        const result: unknown[] = new Array(items.length);
        for (let i = 0; i < items.length; i++) result[i] = this.executeSelection(spec.type!, items[i], selection, { prev: { prev: path, key }, key: i }, ctx);
        out[key] = result;
      } else {
        this.actualCost += 2;
        out[key] = this.projectConnection(spec.type!, value as Page<unknown>, selection, { prev: path, key }, ctx);
      }
    }
    return out;
  }

  private projectConnection(nodeType: string, page: Page<unknown>, selectionSet: SelectionSetNode, path: PathLink, ctx: C): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    // Each node is paid once however many times the selection reaches it (nodes and edges.node).
    let nodesCharged = false;
    const chargeNodes = () => {
      if (!nodesCharged) this.actualCost += page.items.length;
      nodesCharged = true;
    };
    for (const [key, nodes] of this.fieldsOf(`${nodeType}Connection`, selectionSet)) {
      const name = nodes[0]!.name.value;
      const selection = this.mergedOf(nodes);
      if (name === '__typename') {
        out[key] = `${nodeType}Connection`;
      } else if (name === 'nodes' && selection) {
        chargeNodes();
        const list: unknown[] = new Array(page.items.length);
        for (let i = 0; i < page.items.length; i++) list[i] = this.executeSelection(nodeType, page.items[i], selection, { prev: { prev: path, key }, key: i }, ctx);
        out[key] = list;
      } else if (name === 'edges' && selection) {
        chargeNodes();
        const edgeFields = this.fieldsOf(`${nodeType}Edge`, selection);
        out[key] = page.items.map((item, i) => {
          const edge: Record<string, unknown> = {};
          for (const [edgeKey, edgeNodes] of edgeFields) {
            const edgeName = edgeNodes[0]!.name.value;
            const nodeSelection = this.mergedOf(edgeNodes);
            if (edgeName === '__typename') edge[edgeKey] = `${nodeType}Edge`;
            else if (edgeName === 'cursor') edge[edgeKey] = page.cursor(i);
            else if (edgeName === 'node' && nodeSelection) edge[edgeKey] = this.executeSelection(nodeType, item, nodeSelection, { prev: { prev: { prev: path, key }, key: i }, key: edgeKey }, ctx);
          }
          return edge;
        });
      } else if (name === 'pageInfo' && selection) {
        const info: Record<string, unknown> = {};
        const count = page.items.length;
        for (const [infoKey, infoNodes] of this.fieldsOf('PageInfo', selection)) {
          const infoName = infoNodes[0]!.name.value;
          if (infoName === '__typename') info[infoKey] = 'PageInfo';
          else if (infoName === 'hasNextPage') info[infoKey] = page.hasNextPage;
          else if (infoName === 'hasPreviousPage') info[infoKey] = page.hasPreviousPage;
          else if (infoName === 'startCursor') info[infoKey] = count > 0 ? page.cursor(0) : null;
          else if (infoName === 'endCursor') info[infoKey] = count > 0 ? page.cursor(count - 1) : null;
        }
        out[key] = info;
      }
    }
    return out;
  }
}
