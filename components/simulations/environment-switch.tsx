"use client";
import { useCan } from "@/components/team/role-context";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { apiFetch, errorMessage } from "@/lib/client/api-fetch";
import { useUsage } from "@/components/billing/use-usage";

type Environment = "production" | "sandbox";

/**
 * The portal's environment switch (POST /api/developer/environment, session only):
 * a production account turns into a sandbox to try simulations and back again.
 * Confirmed first, because every key of the account follows the switch.
 */
export function EnvironmentSwitch() {
  const qc = useQueryClient();
  const usage = useUsage();
  const [asking, setAsking] = useState<Environment | null>(null);
  const flip = useMutation({
    mutationFn: (environment: Environment) =>
      apiFetch<{ environment: Environment }>("/api/developer/environment", { method: "POST", body: { environment } }),
    onSuccess: async (r) => {
      setAsking(null);
      toast.success(
        r.environment === "sandbox" ? "This account is now a sandbox." : "This account is back in production.",
      );
      await qc.invalidateQueries();
    },
  });
  const env = usage.data?.data.environment;
  const mayFlip = useCan("plan.manage");
  if (!env) return null;
  const to: Environment = env === "sandbox" ? "production" : "sandbox";
  return (
    <div data-testid="environment-switch">
      <Alert
        tone={env === "sandbox" ? "info" : "warning"}
        title={
          env === "sandbox" ? "This account is a sandbox" : "This account is in production: simulations need a sandbox"
        }
      >
        <p>
          {env === "sandbox"
            ? "Calls with any of your keys get simulated weather. Switch back to production for real provider data."
            : "Switch this account to sandbox to inject weather and fire your watches against it. You can switch back at any time."}
        </p>
        {mayFlip && (
          <div className="mt-2">
            <Button size="sm" variant={env === "sandbox" ? "secondary" : "primary"} onClick={() => setAsking(to)}>
              {to === "sandbox" ? "Switch to sandbox" : "Switch back to production"}
            </Button>
          </div>
        )}
        {flip.isError && <p className="mt-2 text-red-800">{errorMessage(flip.error)}</p>}
      </Alert>
      <ConfirmDialog
        open={asking !== null}
        title={asking === "sandbox" ? "Switch this account to sandbox?" : "Switch this account back to production?"}
        description={
          asking === "sandbox"
            ? "Every call of this account, with any of its keys, gets simulated weather until you switch back. Your plan, keys, watches and webhooks stay as they are."
            : "Calls get real provider data again; simulations stop applying to this account."
        }
        confirmLabel={asking === "sandbox" ? "Switch to sandbox" : "Switch to production"}
        pending={flip.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && flip.mutate(asking)}
      />
    </div>
  );
}
