"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { Spinner } from "@/components/ui/spinner";
import type { OperationSchemas } from "@/lib/api-docs/field-tree";
import { FieldList } from "./field-list";
import { loadSchemas } from "./load-schemas";

/**
 * A collapsed part of an operation (request body, a response, the example response): only its
 * title is in the page; the fields load from /docs/schemas/{operationId} when it opens. A link to
 * `#<id>` or `#<id>/<field.path>` (search hits) opens it and scrolls to the field.
 */
export function SchemaSection({
  id,
  operationId,
  part,
  title,
}: {
  id: string;
  operationId: string;
  part: string;
  title: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [data, setData] = useState<OperationSchemas>();
  const [failed, setFailed] = useState(false);
  const [highlight, setHighlight] = useState<string>();

  useEffect(() => {
    const fromHash = () => {
      const hash = decodeURIComponent(window.location.hash.slice(1));
      if (hash !== id && !hash.startsWith(`${id}/`)) return;
      setHighlight(hash.slice(id.length + 1) || undefined);
      if (ref.current) ref.current.open = true;
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, [id]);

  function onToggle(isOpen: boolean) {
    if (!isOpen || data) return;
    setFailed(false);
    loadSchemas(operationId).then(setData, () => setFailed(true));
  }

  useEffect(() => {
    if (!data || !highlight) return;
    ref.current?.querySelector(`[data-field-path="${CSS.escape(highlight)}"]`)?.scrollIntoView({ block: "center" });
  }, [data, highlight]);

  const schema = data?.parts.find((p) => p.id === part);
  return (
    <details ref={ref} id={id} className="scroll-mt-6" onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-semibold tracking-wide text-slate-600 uppercase select-none hover:text-slate-900">
        {title}
      </summary>
      <div className="mt-2">
        {!data && !failed && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading…
          </p>
        )}
        {failed && <p className="text-sm text-red-700">Could not load this section; close and open it to try again.</p>}
        {data && part === "example" && data.example && (
          <CodeBlock
            maxHeightClass="max-h-96"
            label={`Example response (${data.example.status})`}
            copyValue={data.example.body}
          >
            {data.example.body}
          </CodeBlock>
        )}
        {schema && (
          <div className="space-y-2">
            <p className="text-xs text-slate-600">
              <code className="font-mono break-all">{schema.type}</code>
              {schema.description && <span className="ml-2">{schema.description}</span>}
            </p>
            {schema.fields.length > 0 && <FieldList fields={schema.fields} highlight={highlight} />}
          </div>
        )}
      </div>
    </details>
  );
}
