// The market registration wizard's island (issue 18 §3): the wizard shell with the server's own step schemas
// (domain/market/schema.ts); a file chosen in a file input counts for its id field before it is sent (the
// server checks the file itself). The plain forms of /market/register stay the source of truth.
import { WizardShell } from "../components/wizard/WizardShell.tsx";
import { countChosenFiles } from "../components/wizard/enhance.ts";
import { MARKET_STEPS, PRODUCT_FILES } from "../domain/market/schema.ts";

export interface MarketWizardProps {
  regionId: string;
  /** Translated messages of the schema's keys (market.*, error.validation). */
  messages: Record<string, string>;
  saved: string;
  working: string;
}

const chosenFiles = countChosenFiles(PRODUCT_FILES);

export default function MarketWizard(props: MarketWizardProps) {
  return <WizardShell {...props} steps={MARKET_STEPS} listFields={["image_ids"]} prepare={chosenFiles} />;
}
