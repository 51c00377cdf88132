import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { newCredentials, screenshot, signUp, type Credentials } from "./helpers";
import { mailTo } from "./mailbox";

// Issue 30's acceptance: an owner invites a developer and a viewer by email; both accept from the
// links the test SMTP server receives; roles hold in the UI and the API; a removed member is signed
// out on their next page load; the Audit page lists each step with its actor and request id.
const WIDTHS = [
  { label: "1440", width: 1440, height: 900 },
  { label: "390", width: 390, height: 844 },
] as const;
const HOOK = "https://127.0.0.1:9/team-hooks";

async function acceptInvitation(
  browser: Browser,
  baseURL: string,
  vp: (typeof WIDTHS)[number],
  creds: Credentials,
): Promise<Page> {
  const mail = await mailTo(creds.email, /invited you/);
  expect(mail.text).toContain("/invite/");
  expect(mail.html).toContain("/invite/");
  const context = await browser.newContext({ baseURL, viewport: { width: vp.width, height: vp.height } });
  const page = await context.newPage();
  await page.goto(mail.link!);
  await page.getByLabel("Choose a password").fill(creds.password);
  await page.getByRole("button", { name: "Create my user and join" }).click();
  await page.waitForURL("**/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  return page;
}

for (const vp of WIDTHS) {
  test(`team at ${vp.label} px: invite by email, accept, roles in UI and API, removal signs out, audit lists every step`, async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    page.on("dialog", (d) => void d.accept()); // remove asks with a confirm()
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signUp(page);

    const developer = newCredentials("developer");
    const viewer = newCredentials("viewer");
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    const invite = page.getByRole("form", { name: "Invite someone" });
    for (const [who, role] of [
      [developer, "developer"],
      [viewer, "viewer"],
    ] as const) {
      await invite.getByLabel("Email").fill(who.email);
      await invite.getByLabel("Role").selectOption(role);
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByRole("button", { name: `Revoke the invitation of ${who.email}` })).toBeVisible();
    }
    await screenshot(page, `team-invited-${vp.label}`);

    const devPage = await acceptInvitation(browser, baseURL!, vp, developer);
    const viewerPage = await acceptInvitation(browser, baseURL!, vp, viewer);

    // The developer creates a webhook endpoint.
    await devPage.goto("/webhooks");
    await devPage.getByRole("button", { name: "Add endpoint", exact: true }).click();
    const form = devPage.getByRole("dialog", { name: "Add a webhook endpoint" });
    await form.getByLabel("Endpoint URL").fill(HOOK);
    await form.getByRole("checkbox", { name: "weather.watch_expired" }).check();
    await form.getByRole("button", { name: "Create endpoint" }).click();
    await devPage
      .getByRole("dialog", { name: "Endpoint created" })
      .getByRole("button", { name: "I have stored the secret" })
      .click();
    await expect(devPage.getByRole("link", { name: HOOK })).toBeVisible();

    // The viewer sees it, without a way to create, reveal or disable; the API refuses too.
    await viewerPage.goto("/webhooks");
    const link = viewerPage.getByRole("link", { name: HOOK });
    await expect(link).toBeVisible();
    await expect(viewerPage.getByRole("button", { name: "Add endpoint", exact: true })).toHaveCount(0);
    await link.click();
    await expect(viewerPage.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
    for (const name of ["Reveal", "Rotate", "Disable", "Send test event"])
      await expect(viewerPage.getByRole("button", { name, exact: true })).toHaveCount(0);
    await screenshot(viewerPage, `team-viewer-endpoint-${vp.label}`);
    await expectAccessible(viewerPage, `webhook endpoint as a viewer ${vp.label}px`);
    const id = new URL(viewerPage.url()).pathname.split("/").pop()!;
    const origin = { origin: baseURL! };
    const refused = [
      await viewerPage.request.post("/v1/webhooks", {
        headers: origin,
        data: { url: "https://hooks.example.com/viewer", events: ["weather.watch_expired"] },
      }),
      await viewerPage.request.post(`/v1/webhooks/${id}/secret/reveal`, { headers: origin }),
      await viewerPage.request.delete(`/v1/webhooks/${id}`, { headers: origin }),
    ];
    for (const r of refused) expect(r.status(), await r.text()).toBe(403);

    // The owner removes the developer: their next page load is signed out.
    await page.goto("/team");
    await page.getByRole("button", { name: `Remove ${developer.email}` }).click();
    await expect(page.getByRole("button", { name: `Remove ${developer.email}` })).toHaveCount(0);
    await devPage.goto("/webhooks");
    await devPage.waitForURL(/\/sign-in\?.*signedOut=ended/);
    await expect(devPage.getByText("Your session in that account has ended")).toBeVisible();

    // The audit log has every step, each with its actor and request id.
    const audit = (await (await page.request.get("/v1/audit-events?limit=50")).json()).data.audit_events as Array<
      Record<string, string>
    >;
    const steps = ["invitation.created", "invitation.accepted", "webhook_endpoint.created", "member.removed"];
    for (const action of steps) {
      const rows = audit.filter((e) => e.action === action);
      expect(rows.length, action).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.actor, action).toMatch(/^(user|api_key):/);
        expect(r.request_id, action).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    expect(audit.filter((e) => e.action === "invitation.created")).toHaveLength(2);
    await page.goto("/audit");
    const table = page.getByRole("table", { name: "Audit records" });
    for (const action of steps) await expect(table.getByText(action, { exact: true }).first()).toBeVisible();
    await expect(table.getByRole("link").first()).toBeVisible(); // each row links its request id to the request log
    // Actors read as people: the developer who created the endpoint appears by email.
    const created = table.getByRole("row").filter({ hasText: "webhook_endpoint.created" });
    await expect(created.getByText(developer.email, { exact: true })).toBeVisible();
    await screenshot(page, `team-audit-${vp.label}`);
    await expectAccessible(page, `audit log ${vp.label}px`);
    await devPage.context().close();
    await viewerPage.context().close();
  });
}
