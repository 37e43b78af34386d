import { z } from 'zod';
import { defineRoute } from './define-route';

export const operatorLoginBodySchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
});

export const operatorLoginResponseSchema = z.object({
  jwtToken: z.string(),
  uuid: z.uuid(),
  fullname: z.string(),
});

export const operatorLoginContract = defineRoute({
  method: 'POST',
  path: '/dashboard/auth/login',
  summary: "Operator sign-in on the host's tenant; answers a bearer token with the operator role",
  tags: ['dashboard'],
  auth: 'none',
  body: operatorLoginBodySchema,
  response: operatorLoginResponseSchema,
  errors: [401, 404, 429],
});
