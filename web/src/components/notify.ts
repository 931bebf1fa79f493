import toast from 'react-hot-toast';
import { describeError } from '../api/http.ts';

// Durations and the limit of spec section 9 are set on the Toaster (app/providers.tsx).

export const notifySuccess = (message: string) => toast.success(message);

export const notifyInfo = (message: string) => toast(message, { icon: 'ℹ️' });

export const notifyError = (error: unknown) => toast.error(describeError(error));
