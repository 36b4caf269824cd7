// The text asset form's payload (name and content), shared by the create and edit screens.
import { z } from "zod";

export const TextAssetInput = z.object({
  name: z.string().trim().min(1, "asset.nameRequired").max(120, "asset.nameTooLong"),
  content: z.string().min(1, "asset.contentRequired").max(1_000_000, "asset.contentTooLong"),
});
