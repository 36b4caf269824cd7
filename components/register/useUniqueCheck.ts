// Live uniqueness checks for the registration wizard's user ID and e-mail (GET /api/validation/unique).
import { useEffect } from "preact/hooks";

/** Field → the last value asked about and the answer so far. */
export type UniqueState = Record<string, { value: string; state: "checking" | "free" | "taken" }>;

/** Asks the server whether a user ID or e-mail is free, 400 ms after the last change. */
export function useUniqueCheck(
  field: "username" | "email",
  value: string,
  wellFormed: boolean,
  { enhanced, url, unique, setUnique }: {
    enhanced: boolean;
    url: string;
    unique: UniqueState;
    setUnique: (update: (u: UniqueState) => UniqueState) => void;
  },
) {
  useEffect(() => {
    if (!enhanced || !value || !wellFormed || unique[field]?.value === value) return;
    const timer = setTimeout(async () => {
      setUnique((u) => ({ ...u, [field]: { value, state: "checking" } }));
      try {
        const query = new URLSearchParams({ table: "users", column: field, value });
        const res = await fetch(`${url}?${query}`, { headers: { accept: "application/json" } });
        if (!res.ok) throw new Error(String(res.status));
        const { count } = await res.json() as { count: number };
        setUnique((u) =>
          u[field]?.value === value ? { ...u, [field]: { value, state: count < 1 ? "free" : "taken" } } : u
        );
      } catch {
        // no answer (rate limit, network): the server checks again on submit
        setUnique(({ [field]: _, ...rest }) => rest);
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [enhanced, value, wellFormed]);
}
