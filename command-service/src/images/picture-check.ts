import type { NamedPicture } from '@second-gear/features';
import { HttpProblem } from '@second-gear/service-http';
import type { ImageStorage } from './image-storage.ts';

export interface PictureCheckOptions {
  storage: ImageStorage;
  /**
   * Hosts whose pictures are taken as they are (a CDN or storage with uploads of its own).
   * Every other address must be one `POST /api/images` answered.
   */
  hosts?: readonly string[];
}

const NOT_ISSUED =
  'Not a picture uploaded here: upload it with POST /api/images and use the address it answers';

/**
 * Refuses a command that names a picture this marketplace did not issue (400, field by field,
 * nothing appended): a car shows only pictures uploaded here or on a listed host, never an
 * address made up or hot-linked from elsewhere.
 */
export const pictureCheck = ({ storage, hosts = [] }: PictureCheckOptions) => {
  const listed = new Set(hosts.map((host) => host.toLowerCase()));
  const onListedHost = (url: string): boolean => {
    if (listed.size === 0 || !URL.canParse(url)) return false;
    const { protocol, hostname, username, password } = new URL(url);
    return /^https?:$/.test(protocol) && !username && !password && listed.has(hostname);
  };
  return async (pictures: readonly NamedPicture[]): Promise<void> => {
    const refused = await Promise.all(
      pictures.map(async ({ field, url }) =>
        onListedHost(url) || (await storage.issued(url)) ? [] : [{ field, message: NOT_ISSUED }],
      ),
    );
    const errors = refused.flat();
    if (errors.length > 0) {
      throw HttpProblem.badRequest(
        errors.length === 1
          ? `${errors[0]?.field}: ${NOT_ISSUED}.`
          : `${errors.length} pictures were not uploaded here.`,
        errors,
      );
    }
  };
};
