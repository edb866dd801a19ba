import type { Pos } from "./diagnostic-sink.ts";

/**
 * The parsed, not yet resolved form of a value. Substitutions stay as nodes until the whole
 * document is read, because they may refer to keys defined later.
 */
interface NodeBase {
  readonly pos: Pos;
  /** Set when the node is the value of a field: where its key was written. */
  definedAt?: Pos;
}

export interface SimpleNode extends NodeBase {
  readonly kind: "simple";
  readonly value: string | number | boolean | null;
  /** The text as written, which is what a concatenation uses (`1.0` stays `1.0`). */
  readonly raw: string;
}

export interface ArrayNode extends NodeBase {
  readonly kind: "array";
  readonly items: ValueNode[];
}

export interface ObjectNode extends NodeBase {
  readonly kind: "object";
  readonly fields: Map<string, ValueNode>;
}

export interface SubstNode extends NodeBase {
  readonly kind: "subst";
  readonly path: readonly string[];
  readonly optional: boolean;
  /** Made by `+=`: it only looks back at the field's earlier value, never at the environment. */
  readonly fromAppend: boolean;
}

/** Unquoted whitespace between the parts of a concatenation; it counts only between strings. */
export interface SpaceNode {
  readonly kind: "space";
  readonly text: string;
  readonly pos: Pos;
}

export interface ConcatNode extends NodeBase {
  readonly kind: "concat";
  readonly parts: readonly (ValueNode | SpaceNode)[];
}

/**
 * Several values given to one key that cannot be combined before substitutions are resolved
 * (for example `url = "x"` then `url = ${?URL}`), earliest first.
 */
export interface MergeNode extends NodeBase {
  readonly kind: "merge";
  readonly layers: ValueNode[];
  /** The key path, when the field is reachable from the root (not inside a list). */
  readonly fieldPath: readonly string[] | undefined;
}

export type ValueNode = SimpleNode | ArrayNode | ObjectNode | SubstNode | ConcatNode | MergeNode;

export const objectNode = (pos: Pos): ObjectNode => ({ kind: "object", fields: new Map(), pos });

/** True when the node's final kind (object or not) is known only after resolution. */
export const isUnresolved = (n: ValueNode): boolean =>
  n.kind === "subst" || n.kind === "concat" || n.kind === "merge";
