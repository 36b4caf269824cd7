// What a POST to /management/asset asks for: upload new assets, replace one, or delete one.
import { z } from "zod";
import { HttpError } from "../../framework/errors.ts";
import type { Viewer } from "../member/permissions.ts";
import { readBody } from "../request.ts";
import { parseOrThrow } from "../validation.ts";
import { addAssets, findAsset, replaceAsset } from "./assets.ts";
import type { FileService } from "./files.ts";
import { FILE_FIELDS } from "./receive.ts";
import { requestLimit, uploadRule } from "./rules.ts";

const AssetAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("upload") }),
  z.object({ action: z.literal("replace"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({ action: z.literal("delete"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);

/** Runs the action and answers the flash message key of what was done. */
export async function runAssetAction(service: FileService, viewer: Viewer, req: Request): Promise<string> {
  const { body, files } = await readBody(req, requestLimit(uploadRule("asset")));
  const input = parseOrThrow(AssetAction, body);
  const sent = FILE_FIELDS.flatMap((field) => files[field] ?? []);
  if (input.action === "upload") {
    await addAssets(service, viewer.id, sent);
    return "asset.done.upload";
  }
  const file = await findAsset(service, input.id);
  if (input.action === "delete") {
    await service.remove(file);
    return "asset.done.delete";
  }
  if (sent.length !== 1) throw new HttpError(422, "file.none", undefined, { fields: { file: ["file.none"] } });
  await replaceAsset(service, file, sent[0]);
  return "asset.done.replace";
}
