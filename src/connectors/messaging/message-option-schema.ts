import { textOption } from "../option-schema.ts";

/** The options every broker and HTTP step reads the same way (messaging/message-connector.ts). */
export const MESSAGE_OPTIONS = {
  rowsPerSecond: textOption(
    "send at most this many rows a second (a number above zero; default: as fast as it goes)",
    {
      examples: ["100"],
    },
  ),
  connectTimeout: textOption("seconds to wait for a connection (default 10)", { examples: ["10"] }),
};
