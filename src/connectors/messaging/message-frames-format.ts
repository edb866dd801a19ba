/**
 * The name of the workers' encoder for message parts (connectors/worker-encoders.ts): a file of
 * its own, so the encoder registry names it without loading the encoder.
 */
export const MESSAGE_FRAMES_FORMAT = "message-frames";
