import { Inngest } from "inngest";

/** The Inngest client. Functions live one per file in inngest/; index.ts exports them. */
export const inngest = new Inngest({ id: "skycast-platform" });
