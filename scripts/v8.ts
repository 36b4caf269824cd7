// The V8 heap of a server process: `deno task start`, each process of `deno task cluster`, the soak's and
// the benches' servers (deno.json passes the same flag; tests/unit/v8_flags_test.ts keeps them equal).
//
// Unbounded, V8 sizes the heap for the machine and collects late: after 900 page views a server held 736 MB
// resident, and one export of 200,000 entries grew it by 150 MB (issue 22 §4), though what stays in use
// after a collection is about 50 MB. With the old generation capped at 512 MB (ten times what is in use)
// and the young one at 4 MB per half, V8 collects sooner: 270–305 MB resident after the same 900 views,
// +35–40 MB during the export, with the same page times.
export const SERVER_V8_FLAGS = "--v8-flags=--max-old-space-size=512,--max-semi-space-size=4";
