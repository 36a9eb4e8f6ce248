import { z } from "../../../shared/validation";

/**
 * The response schema of a download (PDF, CSV, XML): the OpenAPI document names the file's media type, and no
 * JSON serialiser runs (Fastify sends a Buffer, a stream or a string with its own Content-Type as it is).
 */
export function fileResponse(contentType: string, description: string) {
  const file = z.custom<string | Uint8Array>().meta({ type: "string", contentMediaType: contentType });
  return { description, content: { [contentType]: { schema: file } } };
}
