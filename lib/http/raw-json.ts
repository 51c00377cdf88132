/**
 * A response body member already serialised as JSON text (e.g. built by Postgres as json and read
 * as text): the route helper splices it into the envelope as is, so a large read is not parsed
 * into objects only to be stringified again. `T` is the shape the text has; every route test
 * still parses the response and checks it strictly against the OpenAPI document.
 *
 * `RawJson.utf8` holds it already encoded: a large answer served many times (trip weather) is
 * encoded once instead of on every response (the text is then decoded only if someone asks).
 */
const UTF8 = new TextEncoder();

export class RawJson<T = unknown> {
  declare readonly shape?: T;
  #text: string | undefined;
  readonly bytes: Uint8Array | undefined;

  constructor(text: string);
  constructor(text: undefined, bytes: Uint8Array);
  constructor(text: string | undefined, bytes?: Uint8Array) {
    this.#text = text;
    this.bytes = bytes;
  }

  static utf8<T>(bytes: Uint8Array): RawJson<T> {
    return new RawJson<T>(undefined, bytes);
  }

  /** JSON text encoded once, for an answer served many times. */
  static encode<T>(text: string): RawJson<T> {
    return RawJson.utf8<T>(UTF8.encode(text));
  }

  get text(): string {
    this.#text ??= new TextDecoder().decode(this.bytes);
    return this.#text;
  }
}
