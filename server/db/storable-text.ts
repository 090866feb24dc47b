import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const NUL = '\u0000';
/** What a decoder puts where it met a character it cannot represent. */
const REPLACEMENT = '\uFFFD';

/**
 * Text as both dialects can store and compare it: PostgreSQL refuses a NUL character in any
 * text value ("invalid byte sequence for encoding UTF8: 0x00"), which turned a NUL in a URL, a
 * form or a JSON body into a 500. A NUL has no meaning in anything a visitor types, so it
 * becomes U+FFFD, on SQLite too, so both dialects answer alike: a lookup finds nothing, a
 * stored text keeps its place.
 */
export function storableText(value: unknown): unknown {
  return typeof value === 'string' && value.includes(NUL)
    ? value.replaceAll(NUL, REPLACEMENT)
    : value;
}

class StorableTextTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = storableText(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    const values = node.values.map(storableText);
    return values.every((value, index) => value === node.values[index])
      ? node
      : { ...node, values };
  }
}

/** Applies `storableText` to every value a query sends, whichever module built the query. */
export class StorableTextPlugin implements KyselyPlugin {
  readonly #transformer = new StorableTextTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
