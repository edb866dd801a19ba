import type { Schema } from "apache-arrow";
import type { TSchema } from "typebox";
import type { ResourceAccess } from "../../access/index.ts";
import { RowforgeError } from "../../errors/index.ts";
import type { Connection } from "../../model/connection.ts";
import { type LoadSchedule, stepSchedule } from "../../model/load-schedule.ts";
import type { ResolvedStep } from "../../model/resolved-plan.ts";
import type {
  ConnectionTestOutcome,
  Connector,
  PreparingConnector,
  ReadBack,
  ReadBackRequest,
} from "../connector.ts";
import { preparedOnce } from "../prepared-once.ts";
import { type MessageBodyParts, messageBodyParts } from "./message-body-parts.ts";
import { openMessageSink } from "./message-sink.ts";
import type { MessageTransport } from "./message-transport.ts";

/** What every message step's options carry, whatever else its connector reads. */
export interface MessageOptions {
  /** How errors name the step's destination: `step "s": topic t at host:port`. */
  readonly where: string;
}

/**
 * What one broker or HTTP connector brings; the rest (pacing, counting, delete, options parsed
 * once a step) is shared. `O` is the step's options as `readOptions` parses them.
 */
export interface MessageConnectorFacts<O extends MessageOptions> {
  readonly name: string;
  /** The connection types (and step formats) it serves. */
  readonly formats: readonly string[];
  /** `messaging` for a broker, `http` for endpoints. */
  readonly group: Connector["group"];
  /** The step options it reads, with what each means (Connector.optionSchema). */
  readonly optionSchema: TSchema;
  /** How delete mode names the step's destination without parsing its options, where that reads less than `readOptions`. */
  where?(step: ResolvedStep): string;
  /** Parses and checks a step's options (coded errors, no I/O): once a step, every other call gets them. */
  readOptions(step: ResolvedStep): O;
  /** Refuses what needs more than the options (the step's fields, say): no I/O. */
  check?(step: ResolvedStep, o: O): void;
  /**
   * Checks the files and URLs the step names (schemas, endpoints, logs) against the access
   * rules, before the destination is looked at; no other I/O.
   */
  checkAccess?(o: O, access: ResourceAccess): Promise<void>;
  /** Looks at the destination before anything is sent (reachable, login, topic exists). */
  checkTarget?(o: O): Promise<void>;
  testConnection?(connection: Connection, access: ResourceAccess): Promise<ConnectionTestOutcome>;
  /** What delete mode says for a step: that the destination cannot take back what was sent. */
  readonly cannotDelete: string;
  /** Reads what the destination holds back, for validations (a topic, a stream). */
  readBack?(step: ResolvedStep, request: ReadBackRequest): Promise<ReadBack>;
  /**
   * Why validations cannot read the destination back, when they cannot (nothing is kept, or
   * reading would take the messages): RF_VALIDATION_NO_READ_BACK says it.
   */
  readonly cannotReadBack?: string;
}

/**
 * A message connector: its facts, and how it connects. `connect` returns the step's transport
 * (`schema` is the step's columns); a broker whose transport needs only the options and each
 * row's parts (messageBodyParts of the step's columns) gives `transport` instead.
 */
export type MessageConnectorDefinition<O extends MessageOptions> = MessageConnectorFacts<O> &
  (
    | {
        connect(
          step: ResolvedStep,
          o: O,
          schema: Schema,
          schedule: LoadSchedule | undefined,
          access: ResourceAccess,
        ): Promise<MessageTransport>;
        readonly transport?: undefined;
      }
    | { transport(o: O, parts: MessageBodyParts): Promise<MessageTransport>; readonly connect?: undefined }
  );

/** `rowsPerSecond` of a step, as a number (undefined when absent). */
export function rowsPerSecondOf(step: ResolvedStep, where: string): number | undefined {
  const raw = step.step.options.rowsPerSecond;
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new RowforgeError(
      "RF_OPTION_INVALID",
      `${where}: rowsPerSecond must be a number above zero, not "${raw}"`,
    );
  return n;
}

/** The schedule a step's messages follow, or undefined when it is not paced. */
export const scheduleOf = (step: ResolvedStep, rowCount: number, where: string): LoadSchedule | undefined =>
  stepSchedule(step.step.count, rowsPerSecondOf(step, where), rowCount, where);

/**
 * A connector for a broker or HTTP endpoint: every message goes through the shared message
 * sink (paced by the step's rate or load pattern, counted, with latencies); delete mode says
 * per step that what was sent cannot be taken back.
 */
export function messageConnector<O extends MessageOptions>(
  def: MessageConnectorDefinition<O>,
): PreparingConnector<O> {
  const prepare = preparedOnce((step) => def.readOptions(step));
  const { checkAccess } = def;
  return {
    name: def.name,
    formats: def.formats,
    group: def.group,
    optionSchema: def.optionSchema,
    capabilities: { encodedText: true, parts: false, delete: false },
    prepare,
    check(step) {
      const o = prepare(step);
      scheduleOf(step, 1, o.where);
      def.check?.(step, o);
    },
    ...(checkAccess ? { checkAccess: (step, access) => checkAccess(prepare(step), access) } : {}),
    async checkTarget(step, access) {
      const o = prepare(step);
      await checkAccess?.(o, access);
      await def.checkTarget?.(o);
    },
    async open(target) {
      const o = prepare(target.step);
      const where = o.where;
      const schedule = scheduleOf(target.step, target.rowCount, where);
      await checkAccess?.(o, target.access);
      const transport = await (def.connect
        ? def.connect(target.step, o, target.schema, schedule, target.access)
        : def.transport(o, messageBodyParts(target.step, target.schema)));
      return openMessageSink(transport, {
        where,
        rowCount: target.rowCount,
        ...(schedule ? { schedule } : {}),
        ...(target.signal ? { signal: target.signal } : {}),
      });
    },
    ...(def.testConnection ? { testConnection: def.testConnection } : {}),
    ...(def.readBack
      ? { readBack: def.readBack }
      : def.cannotReadBack !== undefined
        ? {
            readBack: async (step: ResolvedStep) => {
              throw new RowforgeError(
                "RF_VALIDATION_NO_READ_BACK",
                `validations of "${step.dataSourceName || step.step.name}" (${def.name}) cannot read it back: ${def.cannotReadBack}`,
                {
                  hint: "validate the system that consumes these messages instead (its database, files or a topic it writes)",
                },
              );
            },
          }
        : {}),
    async deleteGenerated(step) {
      return {
        records: 0,
        outputs: [],
        note: `${def.cannotDelete} (${def.where?.(step) ?? prepare(step).where})`,
      };
    },
  };
}
