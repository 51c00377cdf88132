import { asc } from "drizzle-orm";
import { assertDatabaseUp } from "@/lib/db/outage";
import { visaRequirements, type VisaRequirementRow } from "@/drizzle/schema";
import { getDbHandle, type DbHandle } from "@/lib/db/client";
import { CHANNELS } from "@/lib/db/notify";
import { log } from "@/lib/log";
import { latestImport, type DataStatus } from "./data-status";

/** Channel the visa_imports / visa_requirements triggers (migration 0010) notify on. */
export const VISA_DATA_CHANNEL = CHANNELS.visaData;

/** The requirements in force, indexed for the check and rules endpoints. */
export interface VisaSnapshot {
  /** "PP|DD" -> rows ordered by purpose. */
  byPair: Map<string, VisaRequirementRow[]>;
  /** destination -> rows ordered by passport, purpose. */
  byDestination: Map<string, VisaRequirementRow[]>;
  dataAsOf: DataStatus | null;
}

interface State {
  listening?: Promise<boolean>;
  current?: Promise<VisaSnapshot>;
}

const states = new WeakMap<DbHandle, State>();

/**
 * The visa data is static between imports (~40k rows), so each instance holds it in
 * memory and answers checks without a query. Any write to visa_imports or
 * visa_requirements notifies at commit (trigger), and every instance drops its copy; the
 * next request loads the new one (one consistent read). When the LISTEN cannot be
 * established this returns undefined and callers query the database as before.
 */
export async function visaSnapshot(): Promise<VisaSnapshot | undefined> {
  assertDatabaseUp(); // the handle is used directly: short-circuit on the down state as getDb() does
  const handle = await getDbHandle();
  let st = states.get(handle);
  if (!st) {
    st = {};
    states.set(handle, st);
  }
  const state = st;
  state.listening ??= new Promise<boolean>((resolve) => {
    const drop = () => {
      state.current = undefined;
      resolve(true);
    };
    handle.listen(VISA_DATA_CHANNEL, drop, drop).catch((err) => {
      log.warn("visa data cache disabled: LISTEN failed", { error: err });
      resolve(false);
    });
  });
  if (!(await state.listening)) return undefined;
  if (!state.current) {
    const loading = load(handle);
    state.current = loading;
    loading.catch(() => {
      if (state.current === loading) state.current = undefined;
    });
  }
  return state.current;
}

async function load(handle: DbHandle): Promise<VisaSnapshot> {
  const { rows, dataAsOf } = await handle.db.transaction(
    async (tx) => ({
      rows: await tx
        .select()
        .from(visaRequirements)
        .orderBy(asc(visaRequirements.passport), asc(visaRequirements.destination), asc(visaRequirements.purpose)),
      dataAsOf: await latestImport(tx),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const byPair = new Map<string, VisaRequirementRow[]>();
  const byDestination = new Map<string, VisaRequirementRow[]>();
  for (const r of rows) {
    const pair = `${r.passport}|${r.destination}`;
    (byPair.get(pair) ?? byPair.set(pair, []).get(pair)!).push(r);
    (byDestination.get(r.destination) ?? byDestination.set(r.destination, []).get(r.destination)!).push(r);
  }
  return { byPair, byDestination, dataAsOf };
}

/** After committing a visa data change: this instance's next request loads the new data (others follow the trigger's notification). */
export async function visaDataChanged(): Promise<void> {
  const st = states.get(await getDbHandle());
  if (st) st.current = undefined;
}
