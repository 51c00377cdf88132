import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { newCredentials, screenshot, signUp } from "./helpers";
import { mailTo } from "./mailbox";

// Issue 42 item 4: a trip member is told (mail over real SMTP, and the portal inbox) when a proposal
// awaits review; the mail's signed link goes through sign-in and opens the proposal.
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console.error: ${msg.text()}`);
  });
  return problems;
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^\s*Loading/ })).toHaveCount(0);
}

const proposal = (agent: string) => ({
  actor_agent_id: agent,
  entities: [
    {
      type: "accommodation",
      title: "Memmo Alfama",
      subtype: "hotel",
      address: "Travessa das Merceeiras 27, Lisboa",
      checkInTime: "15:00",
      checkOutTime: "11:00",
      cost: 540,
    },
  ],
  options: [
    {
      id: "alfama",
      score: 0.9,
      label: "Stay in Alfama",
      schedule: [
        { entity_index: 0, startDateTime: "2027-05-04T15:00:00+01:00", endDateTime: "2027-05-07T11:00:00+01:00" },
      ],
    },
  ],
});

for (const vp of WIDTHS) {
  test(`notifications at ${vp.label} px: the proposal mail's link opens the proposal; inbox and settings`, async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const origin = { origin: baseURL! };
    await signUp(page);
    const tripRes = await page.request.post("/v1/trips", {
      headers: origin,
      data: { name: `Lisbon ${vp.label}`, time_zone: "Europe/Lisbon" },
    });
    expect(tripRes.status(), await tripRes.text()).toBe(201);
    const tripId = (await tripRes.json()).trip_id as number;

    // A member with the default settings (immediately), signed up in a browser of their own.
    const member = newCredentials("member");
    const memberContext = await browser.newContext({ baseURL, viewport: { width: vp.width, height: vp.height } });
    const mp = await memberContext.newPage();
    await signUp(mp, member);
    await memberContext.close();
    const add = await page.request.post(`/v1/trips/${tripId}/members`, {
      headers: origin,
      data: { email: member.email, role: "editor" },
    });
    expect(add.status(), await add.text()).toBe(201);

    const agent = `lisbon-agent-${vp.label}`;
    const created = await page.request.post(`/v1/trips/${tripId}/proposals`, {
      headers: origin,
      data: proposal(agent),
    });
    expect(created.status(), await created.text()).toBe(201);
    const proposalId = (await created.json()).proposal_id as string;

    const mail = await mailTo(member.email, new RegExp(`A proposal for Lisbon ${vp.label} awaits your review`));
    expect(mail.text).toContain(`${agent} proposes: Stay in Alfama.`);
    expect(new URL(mail.link!).pathname).toBe("/notifications/open");

    // Signed out: the link goes through sign-in and back, then to the proposal.
    const context = await browser.newContext({ baseURL, viewport: { width: vp.width, height: vp.height } });
    const tp = await context.newPage();
    const problems = watchConsole(tp);
    await tp.goto(mail.link!);
    await tp.waitForURL("**/sign-in?callbackUrl=*");
    await tp.getByLabel("Email").fill(member.email);
    await tp.getByLabel("Password").fill(member.password);
    await tp.getByRole("button", { name: "Sign in", exact: true }).click();
    await tp.waitForURL(`**/trips/${tripId}?proposal=${proposalId}*`);
    const card = tp.locator(`#proposal-${proposalId}`);
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute("data-focused", "true");
    await expect(card.getByText(agent).first()).toBeVisible();
    await expect(card).toBeInViewport();
    await screenshot(tp, `notifications-proposal-${vp.label}`);

    // The inbox lists it, read (the link read it), and links to the proposal.
    await tp.goto("/inbox");
    await settle(tp);
    const item = tp.getByRole("link", { name: `A proposal for Lisbon ${vp.label} awaits your review` });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("href", `/trips/${tripId}?proposal=${proposalId}#proposal-${proposalId}`);
    await expect(tp.getByText("Mailed")).toBeVisible();
    await expectAccessible(tp, `inbox at ${vp.label}px`);
    await screenshot(tp, `notifications-inbox-${vp.label}`);
    if (vp.width < 1024) await tp.getByRole("button", { name: "Open menu" }).click();
    const nav = tp.getByRole("navigation", { name: "Portal" });
    await expect(nav.getByRole("link", { name: "Notification settings" })).toBeVisible();
    await nav.getByRole("link", { name: "Notification settings" }).click();
    await tp.waitForURL("**/settings/notifications");
    await settle(tp);

    // Settings: immediately is the default; a digest with quiet hours across midnight is saved and read back.
    await expect(tp.getByRole("radio", { name: /Immediately/ })).toBeChecked();
    await expectAccessible(tp, `notification settings at ${vp.label}px`);
    await tp.getByRole("radio", { name: /Daily digest/ }).check();
    await tp.getByLabel("No email during quiet hours").check();
    await tp.getByLabel("From", { exact: true }).fill("22:30");
    await tp.getByLabel("Until", { exact: true }).fill("06:45");
    await tp.getByLabel("Time zone").selectOption("Europe/Lisbon");
    await tp.getByRole("button", { name: "Save settings" }).click();
    await expect(tp.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expectAccessible(tp, `notification settings saved at ${vp.label}px`);
    await screenshot(tp, `notifications-settings-${vp.label}`);
    await tp.reload();
    await settle(tp);
    await expect(tp.getByRole("radio", { name: /Daily digest/ })).toBeChecked();
    await expect(tp.getByLabel("From", { exact: true })).toHaveValue("22:30");
    await expect(tp.getByLabel("Time zone")).toHaveValue("Europe/Lisbon");
    expect(problems, `member at ${vp.label}`).toEqual([]);
    await context.close();
  });
}
