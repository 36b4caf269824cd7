// Step 3 of the registration wizard: the account was created (active, or waiting for approval).
import type { Ref } from "preact";
import { Button } from "../ui/Button.tsx";
import { FormActions } from "../ui/FormField.tsx";
import type { RegisterResult, RegisterWizardProps, Tx } from "./state.ts";

export function StepDone({ tx, result, paths, headingRef }: {
  tx: Tx;
  result: RegisterResult;
  paths: RegisterWizardProps["paths"];
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const waiting = result.status === "waiting";
  return (
    <div class="reg-done">
      <h2 class="reg-heading" ref={headingRef} tabIndex={-1}>
        {tx(waiting ? "register.done.waitingTitle" : "register.done.activeTitle")}
      </h2>
      <p class="reg-done-text">
        {waiting
          ? tx(result.type === "judge" ? "register.done.judgeText" : "register.done.waitingText")
          : tx("register.done.activeText", { name: result.name })}
      </p>
      <dl class="reg-summary">
        <div>
          <dt>{tx("register.done.username")}</dt>
          <dd>{result.username}</dd>
        </div>
        <div>
          <dt>{tx("register.done.memberType")}</dt>
          <dd>{tx(`register.types.${result.type}`)}</dd>
        </div>
      </dl>
      <FormActions>
        <Button href={paths.home} variant="secondary">{tx("register.done.home")}</Button>
        {(!waiting || result.type === "judge") && <Button href={paths.login}>{tx("register.done.login")}</Button>}
      </FormActions>
    </div>
  );
}
