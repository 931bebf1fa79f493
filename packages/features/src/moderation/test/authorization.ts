// Who may make each of the moderation feature's write calls (run by the command service's matrix).
import type { Authorization } from '../../../test/matrix.ts';
import type { moderationWriteCalls } from '../contract.ts';

const adminOnly = {
  anonymous: 401,
  buyer: 403,
  seller: 403,
  'owning seller': 403,
  admin: 200,
  'deleted user': 403,
};

export const moderationAuthorization: Authorization<typeof moderationWriteCalls> = {
  fileReport: {
    request: async (f) => ({
      method: 'POST',
      url: '/api/reports',
      body: { subject: { type: 'car', id: await f.ownersCar() }, reason: 'scam' },
    }),
    // Anyone signed in but the car's seller.
    expected: {
      anonymous: 401,
      buyer: 201,
      seller: 201,
      'owning seller': 403,
      admin: 201,
      'deleted user': 403,
    },
  },
  resolveReports: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/reports/${await f.reportedCar()}/resolve`,
      body: { action: 'dismiss', reason: 'Nothing wrong with it' },
    }),
    expected: adminOnly,
  },
  viewReportedMessage: {
    request: async (f) => ({
      method: 'POST',
      url: `/api/reports/${await f.reportedMessage()}/view`,
    }),
    expected: adminOnly,
  },
};
