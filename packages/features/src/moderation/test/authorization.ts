// Who may make each of the moderation feature's write calls (run by the command service's matrix).
import { type Authorization, allowing } from '../../../test/matrix.ts';
import type { moderationWriteCalls } from '../contract.ts';

const adminOnly = allowing({ admin: 200 });

export const moderationAuthorization: Authorization<typeof moderationWriteCalls> = {
  fileReport: {
    request: async (f) => ({
      method: 'POST',
      url: '/api/reports',
      body: { subject: { type: 'car', id: await f.ownersCar() }, reason: 'scam' },
    }),
    // Anyone signed in but the car's seller.
    expected: allowing({ buyer: 201, seller: 201, admin: 201 }),
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
