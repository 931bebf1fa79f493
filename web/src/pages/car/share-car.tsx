// Share: the browser's share sheet where it has one (phones), else the page's link copied.
import { Button } from '@chakra-ui/react';
import { LuShare2 } from 'react-icons/lu';
import { notifyError, notifySuccess } from '../../components/notify.ts';

export function ShareCar({ title }: { title: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the sheet is not a failure.
        if ((error as Error).name !== 'AbortError') notifyError(error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Link copied');
    } catch {
      notifyError(new Error('The link could not be copied: copy it from the address bar.'));
    }
  };
  return (
    <Button variant="outline" onClick={share}>
      <LuShare2 /> Share
    </Button>
  );
}
