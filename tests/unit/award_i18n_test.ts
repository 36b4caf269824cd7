// Every message key the award rules and option lists name is translated in both languages.
import assert from "node:assert/strict";
import { dictionaries, flatten } from "../../i18n/mod.ts";
import { allLabelKeys } from "../../domain/award/options.ts";

const ko = flatten(dictionaries.ko);
const en = flatten(dictionaries.en);

Deno.test("every award option label has a Korean and an English text", () => {
  const keys = allLabelKeys();
  assert.ok(keys.length > 60);
  for (const key of keys) {
    assert.ok(ko[key], `ko lacks ${key}`);
    assert.ok(en[key], `en lacks ${key}`);
  }
});

Deno.test("every award.* key used in domain/award is translated", async () => {
  const used = new Set<string>();
  for await (const entry of Deno.readDir(new URL("../../domain/award/", import.meta.url))) {
    if (!entry.name.endsWith(".ts")) continue;
    const source = await Deno.readTextFile(new URL(`../../domain/award/${entry.name}`, import.meta.url));
    for (const m of source.matchAll(/"(award\.[a-z_]+(?:\.[a-z0-9_]+)*)"/g)) used.add(m[1]);
  }
  assert.ok(used.size > 30, `found only ${used.size} keys`);
  for (const key of used) {
    assert.ok(ko[key], `ko lacks ${key}`);
    assert.ok(en[key], `en lacks ${key}`);
  }
});
