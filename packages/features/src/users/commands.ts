import { applyForSellerSlice } from './apply-for-seller.ts';
import { changeProfileSlice } from './change-profile.ts';
import { deleteUserSlice } from './delete-user.ts';
import { promoteToAdminSlice } from './promote-to-admin.ts';
import { registerUserSlice } from './register-user.ts';

/** The commands of this feature, by type: each one's slice. The registry lists them with every other feature's. */
export const userCommands = {
  RegisterUser: registerUserSlice,
  ApplyForSeller: applyForSellerSlice,
  PromoteToAdmin: promoteToAdminSlice,
  DeleteUser: deleteUserSlice,
  ChangeProfile: changeProfileSlice,
} as const;
