// Apart from the schemas (which import the drizzle enums) so the pure planner can read them.
/** Size caps (413-free, 400 with the field): a proposal is a short list of candidates. */
export const PROPOSAL_LIMITS = {
  entities: 50,
  options: 20,
  scheduleEntries: 50,
  changes: 50,
  forecastHours: 96,
} as const;
