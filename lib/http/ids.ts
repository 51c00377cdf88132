import { z } from "zod";

/** A uuid in the lower-case text form Postgres writes (the shape only; no version check). */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The only text form of an integer id in a path: decimal digits, no sign, no leading zero, at
 * most 16 digits. `Number()` (what z.coerce uses) also reads `0x1`, `0b1`, `1e0`, `+1` and `1.0`
 * as 1, so one resource had many paths and `DELETE /api/developer/keys/0x1` revoked key 1.
 */
export const CANONICAL_INT_ID = /^[1-9][0-9]{0,15}$/;

/** Ids are Postgres `integer`s: a canonical id past this addresses nothing (404, not a driver error). */
const MAX_INT_ID = 2147483647;

/**
 * The one parser of integer path ids (every route family): anything but the canonical form
 * becomes NaN and fails the number schema, which the route helper answers with its 404. The
 * document shows the number schema (a preprocess documents its output), so generated clients
 * keep `number`.
 */
export const intId = () =>
  z.preprocess(
    (v) => (typeof v === "string" && CANONICAL_INT_ID.test(v) ? Number(v) : typeof v === "number" ? v : Number.NaN),
    z.number().int().min(1).max(MAX_INT_ID),
  );

/** `{ [name]: intId() }`: the params schema of a route with one integer id. */
export const IntIdParam = <N extends string>(name: N) =>
  z.object({ [name]: intId() } as Record<N, ReturnType<typeof intId>>);
