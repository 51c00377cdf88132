/**
 * A response body member already serialised as JSON text (e.g. built by Postgres as json and read
 * as text): the route helper splices it into the envelope as is, so a large read is not parsed
 * into objects only to be stringified again. `T` is the shape the text has; every route test
 * still parses the response and checks it strictly against the OpenAPI document.
 */
export class RawJson<T = unknown> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}
}
