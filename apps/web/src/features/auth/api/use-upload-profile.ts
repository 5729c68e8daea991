import type { User } from '@gardenswap/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { profileKeys, userKeys } from '../../../lib/query-keys';

export interface ProfileUpload {
  file: File | null;
  city: string;
  state: string;
  postcode: string;
  address?: string;
  apt?: string;
}

/** POST /auth/upload-profile-image: photo (optional) and location, with upload progress. */
export function useUploadProfile(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpload) => {
      const form = new FormData();
      if (input.file) form.append('file', input.file);
      form.append('city', input.city);
      form.append('state', input.state);
      form.append('postcode', input.postcode);
      // The spec sends address and apartment only when they are not blank.
      if (input.address?.trim()) form.append('address', input.address.trim());
      if (input.apt?.trim()) form.append('apt', input.apt.trim());
      return apiUpload<User>('/auth/upload-profile-image', form, { onProgress });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(profileKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: userKeys.user(user.id) });
    },
  });
}
