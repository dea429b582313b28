import type { PGlite } from '@electric-sql/pglite';

/**
 * One statement with one text parameter, sent to PGlite as PostgreSQL wire-protocol messages
 * (Parse, Bind, Execute, Sync; protocol 3.0, "Message Formats") with the parameter already
 * UTF-8 encoded. PGlite's own query() measures and encodes every parameter string character by
 * character in JavaScript; for the megabytes of a bulk sync that was a third of the database
 * thread's time, while a worker thread can encode them for free (TextEncoder, moved, not copied).
 *
 * Runs under PGlite's query lock, like query(). The app opens no interactive transactions on
 * PGlite, so nothing can be half-way through one when this runs.
 */
export async function queryWithUtf8Param(
  pglite: PGlite,
  text: string,
  param: Uint8Array,
  paramTypeOid: number,
): Promise<string[][]> {
  const message = protocolMessages(text, param, paramTypeOid);
  const { messages } = await pglite.runExclusive(() => pglite.execProtocol(message));
  return messages
    .filter((m): m is typeof m & { fields: (string | null)[] } => m.name === 'dataRow')
    .map((m) => m.fields.map((f) => f ?? ''));
}

const encoder = new TextEncoder();

function protocolMessages(text: string, param: Uint8Array, oid: number): Uint8Array {
  const query = encoder.encode(text);
  const parseLength = 4 + 1 + query.length + 1 + 2 + 4;
  const bindLength = 4 + 1 + 1 + 2 + 2 + 2 + 4 + param.length + 2;
  const executeLength = 4 + 1 + 4;
  const total = 1 + parseLength + 1 + bindLength + 1 + executeLength + 1 + 4;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const byte = (value: number) => {
    bytes[at++] = value;
  };
  const int16 = (value: number) => {
    view.setInt16(at, value);
    at += 2;
  };
  const int32 = (value: number) => {
    view.setInt32(at, value);
    at += 4;
  };
  const put = (chunk: Uint8Array) => {
    bytes.set(chunk, at);
    at += chunk.length;
  };
  // Parse: unnamed statement, one parameter of the given type.
  byte(0x50);
  int32(parseLength);
  byte(0);
  put(query);
  byte(0);
  int16(1);
  int32(oid);
  // Bind: unnamed portal and statement, the parameter in text format, results in text format.
  byte(0x42);
  int32(bindLength);
  byte(0);
  byte(0);
  int16(1);
  int16(0);
  int16(1);
  int32(param.length);
  put(param);
  int16(0);
  // Execute: all rows.
  byte(0x45);
  int32(executeLength);
  byte(0);
  int32(0);
  // Sync: ends the implicit transaction.
  byte(0x53);
  int32(4);
  return bytes;
}
