import { z } from '@hono/zod-openapi';
import {
  AVATAR_MAX_BYTES,
  notificationPreferencesSchema,
  profileSchema,
  profileUpdateSchema,
} from '../../../shared/schemas/account.ts';
import { isUuid } from '../../../shared/schemas/common.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { requireAuth } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { found } from '../../http/records.ts';
import {
  checkImageUpload,
  imageResponse,
  imageUploadBody,
  serveImage,
} from '../../http/image-upload.ts';
import { readMultipartUpload } from '../../http/multipart.ts';
import {
  getNotificationPreferences,
  getProfile,
  readAvatar,
  removeAvatar,
  saveAvatar,
  saveNotificationPreferences,
  updateProfile,
} from './profile.service.ts';

const profile = (description: string) => ({
  description,
  content: jsonContent(profileSchema),
});
const preferences = (description: string) => ({
  description,
  content: jsonContent(notificationPreferencesSchema),
});

const readProfile = defineRoute({
  method: 'get',
  path: '/me/profile',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: "The caller's editable profile",
  responses: { 200: profile('The profile') },
});
const patchProfile = defineRoute({
  method: 'patch',
  path: '/me/profile',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: 'Change the full name, username, language or time zone',
  request: { body: { content: jsonContent(profileUpdateSchema), required: true } },
  responses: { 200: profile('The updated profile') },
  errors: [409],
});
const readPreferences = defineRoute({
  method: 'get',
  path: '/me/notification-preferences',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: 'Per event, e-mail and in-app notifications on or off',
  responses: { 200: preferences('The preferences') },
});
const putPreferences = defineRoute({
  method: 'put',
  path: '/me/notification-preferences',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: 'Save notification preferences',
  request: { body: { content: jsonContent(notificationPreferencesSchema), required: true } },
  responses: { 200: preferences('The saved preferences') },
});

const uploadAvatar = defineRoute({
  method: 'put',
  path: '/me/avatar',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: 'Upload a profile picture (multipart field `file`; JPEG, PNG or GIF)',
  request: { body: imageUploadBody },
  responses: { 200: profile('The profile with its new picture') },
  errors: [415],
});
const deleteAvatar = defineRoute({
  method: 'delete',
  path: '/me/avatar',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: 'Remove the profile picture',
  responses: { 200: profile('The profile without a picture') },
});
const avatarImage = defineRoute({
  method: 'get',
  path: '/avatars/{userId}',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: "A user's profile picture",
  request: { params: z.object({ userId: z.string() }) },
  responses: { 200: imageResponse },
});

export const profileRoutes = createRouter()
  .openapi(readProfile, async (c) =>
    c.json(await getProfile(c.get('deps').db, requireAuth(c).user.id), 200),
  )
  .openapi(patchProfile, async (c) =>
    c.json(await updateProfile(c.get('deps').db, requireAuth(c).user.id, c.req.valid('json')), 200),
  )
  .openapi(readPreferences, async (c) =>
    c.json(
      { preferences: await getNotificationPreferences(c.get('deps').db, requireAuth(c).user.id) },
      200,
    ),
  )
  .openapi(putPreferences, async (c) => {
    const { preferences } = c.req.valid('json');
    const saved = await saveNotificationPreferences(
      c.get('deps').db,
      requireAuth(c).user.id,
      preferences,
    );
    return c.json({ preferences: saved }, 200);
  })
  // Multipart upload: field `file`; the type is read from the bytes, never from the client.
  .openapi(uploadAvatar, async (c) => {
    const { user } = requireAuth(c);
    const { file } = await readMultipartUpload(c, {
      notMultipart: 'Send the picture as multipart/form-data',
    });
    const data = Buffer.from(await file.arrayBuffer());
    const type = checkImageUpload(data, {
      maxBytes: AVATAR_MAX_BYTES,
      tooLarge: 'The picture must be 2 MB or smaller',
    });
    return c.json(await saveAvatar(c.get('deps').db, user.id, type, data), 200);
  })
  .openapi(deleteAvatar, async (c) =>
    c.json(await removeAvatar(c.get('deps').db, requireAuth(c).user.id), 200),
  )
  .openapi(avatarImage, async (c) => {
    const { userId } = c.req.valid('param');
    const avatar = found(
      isUuid(userId) ? await readAvatar(c.get('deps').db, userId) : null,
      'No picture',
    );
    return serveImage(c, avatar);
  });
