import type { DeliveryReport, LiveDelivery } from "../../model/delivery-report.ts";
import type { StepSink } from "../connector.ts";

/**
 * A step sink that also reports what it delivered (brokers, HTTP). A file of its own: a run
 * asks every sink whether it is one, and the message sink's code loads only with a broker's
 * or an endpoint's connector.
 */
export interface DeliveringSink extends StepSink {
  /** Counts and latencies so far (also after abort: what was sent before the step ended). */
  delivery(): DeliveryReport;
  live(): LiveDelivery;
}

/** Does this sink report deliveries? */
export const isDeliveringSink = (sink: StepSink): sink is DeliveringSink =>
  typeof (sink as Partial<DeliveringSink>).delivery === "function";
