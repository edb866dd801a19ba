import { MESSAGE_OPTIONS } from "../messaging/message-option-schema.ts";
import { optionObject, requiredOption, textOption } from "../option-schema.ts";

/** The options of a RabbitMQ (or RabbitMQ JMS) step, its connection's merged in (rabbitmq-options.ts). */
export const RABBITMQ_OPTIONS = optionObject({
  url: requiredOption(
    "the broker, amqp://host:port/virtual-host (amqps for TLS); user and password may be in it",
    {
      examples: ["amqp://localhost:5672"],
      starter: true,
    },
  ),
  user: textOption("who logs in (else the URL's user, else guest)", { starter: true }),
  password: textOption(
    "the login's password (else the URL's, else guest); never shown in messages, logs or reports",
    {
      starter: true,
    },
  ),
  destinationName: textOption(
    "the queue (or queue); JMS names /JNDI/Q/name (queue name) and /JNDI/T/name (exchange amq.topic, routing key name)",
    { examples: ["accounts"], target: true },
  ),
  exchange: textOption("the exchange to publish to (default: the queue, through the default exchange)"),
  routingKey: textOption("the routing key (default: the queue's name)"),
  virtualHost: textOption("the virtual host (or vhost; default: the URL's path, else /)"),
  connectionFactory: textOption(
    "jms connections: com.rabbitmq.jms.admin.RMQConnectionFactory (other JMS brokers are refused)",
  ),
  declare: textOption("true (default): a missing queue is declared (durable)"),
  persistent: textOption("true (default): persistent messages (delivery mode 2)"),
  contentType: textOption(
    "the messages' content type (default: from the value: application/json, text/plain or application/octet-stream)",
  ),
  batchSize: textOption("messages per send, 1 to 100000 (default 256)"),
  maxInFlight: textOption("sends awaiting confirms, 1 to 1000 (default 64)"),
  ...MESSAGE_OPTIONS,
});
