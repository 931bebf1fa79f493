import toast from 'react-hot-toast';
import { describeError } from '../api/http.ts';

// Success toasts last 2000 ms, errors and blank (info) toasts 4000 ms, and at most 20 show at
// once: the durations are set on the Toaster (app/providers.tsx), the limit is react-hot-toast's.

export const notifySuccess = (message: string) => toast.success(message);

export const notifyInfo = (message: string) => toast(message, { icon: 'ℹ️' });

export const notifyError = (error: unknown) => toast.error(describeError(error));
