// The status-machine kit (domain/common/status.ts): transitions allowed only from their starting statuses,
// refusals carry the machine's key and status, and a table naming an unknown status is refused at once.
import assert from "node:assert/strict";
import { HttpError } from "../../framework/errors.ts";
import { statusMachine } from "../../domain/common/status.ts";

const STATUSES = ["draft", "waiting", "open", "closed", "banned"] as const;
type S = typeof STATUSES[number];
const machine = statusMachine<S, "submit" | "approve" | "ban" | "close">(STATUSES, {
  submit: { from: ["draft"], to: "waiting" },
  approve: { from: ["waiting"], to: "open" },
  ban: { from: ["waiting", "open"], to: "banned" },
  close: { from: ["open"], to: "closed" },
}, { refusal: "market.error.status" });

Deno.test("a transition leads to its status only from its starting ones", () => {
  assert.equal(machine.next("approve", "waiting"), "open");
  assert.equal(machine.can("approve", "open"), false);
  assert.equal(machine.can("ban", "open"), true);
  assert.throws(
    () => machine.next("close", "waiting"),
    (e) => e instanceof HttpError && e.status === 409 && e.key === "market.error.status",
  );
});

Deno.test("the actions open from a status are listed in declaration order", () => {
  assert.deepEqual(machine.actionsFrom("waiting"), ["approve", "ban"]);
  assert.deepEqual(machine.actionsFrom("closed"), []);
});

Deno.test("isStatus accepts only the declared statuses", () => {
  assert.equal(machine.isStatus("open"), true);
  assert.equal(machine.isStatus("OPEN"), false);
  assert.equal(machine.isStatus(3), false);
});

Deno.test("a table naming an unknown status is a programming error", () => {
  assert.throws(
    () => statusMachine(["a", "b"] as const, { go: { from: ["a"], to: "c" as "b" } }, { refusal: "x" }),
    TypeError,
  );
});

Deno.test("a refusal may carry another status where the SPEC says so", () => {
  const m = statusMachine(["a", "b"] as const, { go: { from: ["a"], to: "b" } }, { refusal: "k", status: 422 });
  assert.throws(() => m.next("go", "b"), (e) => e instanceof HttpError && e.status === 422);
});
