// The postal lookup of an address field (SPEC §5, §7): a search box that asks GET /api/address and fills
// the road address, building, city, district and zip of its fieldset from the chosen result. Nothing is
// shown until it runs in the browser: without JavaScript the address fields are plain inputs, and when
// the lookup fails the visitor types the address.
import { useEffect, useRef, useState } from "preact/hooks";

export interface FormAddressLookupProps {
  /** The address field's name: its inputs are `${prefix}.zip`, `${prefix}.road` … */
  prefix: string;
  locale: string;
  labels: { search: string; query: string; results: string; none: string; choose: string; failed: string };
}

interface Found {
  zip: string;
  road: string;
  roadEn: string;
  building: string;
  city: string;
  district: string;
}

export default function FormAddressLookup({ prefix, locale, labels }: FormAddressLookupProps) {
  const [ready, setReady] = useState(false);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const [message, setMessage] = useState("");
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  const id = `lookup-${prefix.replace(/[^\w-]/g, "-")}`;

  async function search() {
    setMessage("");
    if (query.trim().length < 2) return;
    try {
      const res = await fetch(`${locale === "en" ? "/en" : ""}/api/address?q=${encodeURIComponent(query.trim())}`, {
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
      if (!res.ok) throw new Error(String(res.status));
      const body = await res.json() as { data: Found[] };
      setFound(body.data);
      if (!body.data.length) setMessage(labels.none);
    } catch {
      setFound(null);
      setMessage(labels.failed);
    }
  }

  function choose(a: Found) {
    const form = root.current?.closest("form");
    const set = (part: string, value: string) => {
      const input = form?.elements.namedItem(`${prefix}.${part}`);
      if (input instanceof HTMLInputElement) {
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    };
    set("zip", a.zip);
    set("road", locale === "en" && a.roadEn ? a.roadEn : a.road);
    set("building", a.building);
    set("city", a.city);
    set("district", a.district);
    setFound(null);
    const detail = form?.elements.namedItem(`${prefix}.detail`);
    if (detail instanceof HTMLInputElement) detail.focus();
  }

  return (
    <div class="address-lookup" ref={root}>
      <label class="field-label" for={id}>{labels.query}</label>
      <div class="address-lookup-bar">
        <input
          class="input"
          id={id}
          type="search"
          value={query}
          onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
          onKeyDown={(e) => {
            // Enter searches instead of sending the whole form.
            if (e.key === "Enter") {
              e.preventDefault();
              search();
            }
          }}
        />
        <button type="button" class="button button-secondary button-sm" onClick={search}>{labels.search}</button>
      </div>
      <p class="field-hint" role="status">{message}</p>
      {found && found.length > 0 && (
        <ul class="address-lookup-results" aria-label={labels.results}>
          {found.map((a, i) => (
            <li key={i}>
              <button type="button" class="button button-ghost button-sm" onClick={() => choose(a)}>
                {`(${a.zip}) ${locale === "en" && a.roadEn ? a.roadEn : a.road}${a.building ? ` ${a.building}` : ""}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
