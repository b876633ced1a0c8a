import { useMutation } from '@tanstack/react-query';
import type { PasswordMessageDto, TUserUpdate, UserSummaryDto } from '@omnio/domain';
import { http, publicPost } from '../../shared/api/http';

export const profileUrls = {
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  passwordEmail: '/api/password/email',
};

export function useUpdateProfile(userId: string) {
  return useMutation({
    mutationFn: (values: TUserUpdate) => http.put<{ data: UserSummaryDto }>(profileUrls.user(userId), values),
  });
}

/** Password changes go through the reset mail (spec 7 forgot-password flow), so the link proves the inbox. */
export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (email: string) => publicPost<PasswordMessageDto>(profileUrls.passwordEmail, { email }),
  });
}
