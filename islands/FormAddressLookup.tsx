// The postal lookup of an address (SPEC §5, §7; issue 23 §8): a search box that asks GET /api/address and
// fills the zip, road address, building, city and district inputs of its form from the chosen result — a
// form builder's address field (`${prefix}.zip` …) or the member's own address (registration, profile,
// change of membership: `names` maps the parts onto their inputs). Nothing is shown until it runs in the
// browser: without JavaScript the address fields are plain inputs, and when the lookup fails the visitor
// types the address.
import { useEffect, useRef, useState } from "preact/hooks";

type Part = "zip" | "road" | "building" | "city" | "district" | "detail";

export interface FormAddressLookupProps {
  /** The address field's name: its inputs are `${prefix}.zip`, `${prefix}.road` … */
  prefix: string;
  /** The inputs of each part where they are not `${prefix}.part`; a part left out (the building) joins the road. */
  names?: Partial<Record<Part, string>>;
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

export default function FormAddressLookup({ prefix, names, locale, labels }: FormAddressLookupProps) {
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
    const input = (part: Part) => {
      const name = names ? names[part] : `${prefix}.${part}`;
      const element = name ? form?.elements.namedItem(name) : null;
      return element instanceof HTMLInputElement ? element : null;
    };
    const set = (part: Part, value: string) => {
      const target = input(part);
      if (!target) return;
      target.value = value;
      target.dispatchEvent(new Event("input", { bubbles: true }));
    };
    const road = locale === "en" && a.roadEn ? a.roadEn : a.road;
    set("zip", a.zip);
    set("road", !input("building") && a.building ? `${road} ${a.building}` : road);
    set("building", a.building);
    set("city", a.city);
    set("district", a.district);
    setFound(null);
    input("detail")?.focus();
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
