import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignedPermissionsDto, InvitationSentDto, IssuedTokensDto, Paginated, RefDto, Role, RolePermissionsDto, TUserCreate, UserInformationDto,
  UserSummaryDto,
} from '@omnio/domain';
import { http } from '../../shared/api/http';

/** The answers are the server's response contract (@omnio/domain). */
export type { RefDto as CompanyRef, UserSummaryDto as UserRow } from '@omnio/domain';
type CompanyRef = RefDto;
type UserRow = UserSummaryDto;

/** /users/{id}/information asked with include=permissions,roles: both are then present. */
type UserPermissions = UserInformationDto & Required<Pick<UserInformationDto, 'roles' | 'permissions'>>;

export interface InvitationInput {
  email: string;
  name?: string;
  role: 'tenant' | 'supplier';
  company_id?: string;
}

export interface ListParams {
  page: number;
  perPage: number;
  search: string;
  role?: string;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

const enc = encodeURIComponent;
export const userUrls = {
  list: '/users',
  one: (id: string) => `/users/${enc(id)}`,
  information: (id: string) => `/users/${enc(id)}/information`,
  assignRoles: (id: string) => `/users/${enc(id)}/assign-roles`,
  assignPermissions: (id: string) => `/users/${enc(id)}/assign-permissions`,
  disable: (id: string, disabled: boolean) => `/users/${enc(id)}/${disabled ? 'disable' : 'enable'}`,
  loginByAdmin: (id: string) => `/users/${enc(id)}/login-by-admin`,
  role: (role: string) => `/roles/${enc(role)}`,
  companyUsers: '/company-users',
  invitations: '/invitations',
  companies: '/companies',
};

/** Free text plus `field:value` parts (API.md search form); `;` and `:` in typed text would split it. */
export function listSearch(text: string, fields: Record<string, string | undefined> = {}): string | undefined {
  const parts = [text.replace(/[;:]/g, ' ').trim(), ...Object.entries(fields).filter(([, v]) => v).map(([k, v]) => `${k}:${v}`)];
  const search = parts.filter(Boolean).join(';');
  return search || undefined;
}

function listParams(params: ListParams, include?: string) {
  return {
    page: params.page,
    per_page: params.perPage,
    search: listSearch(params.search, { role: params.role }),
    order_by: params.orderBy,
    order_direction: params.orderDirection,
    include,
  };
}

export function useUsers(params: ListParams) {
  return useQuery({
    queryKey: ['users', 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<UserRow>>(userUrls.list, { params: listParams(params, 'roles,companies') }),
  });
}

export function useCompanyUsers(params: ListParams) {
  return useQuery({
    queryKey: ['company-users', 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () => http.get<Paginated<UserRow>>(userUrls.companyUsers, { params: listParams(params, 'roles') }),
  });
}

export function useUserPermissions(userId: string | undefined) {
  return useQuery({
    queryKey: ['users', userId, 'permissions'],
    enabled: Boolean(userId),
    queryFn: () =>
      http.get<{ data: UserPermissions }>(userUrls.information(userId ?? ''), { params: { include: 'permissions,roles' } }),
    select: (body) => body.data,
  });
}

export function useRolePermissions(role: string | undefined) {
  return useQuery({
    queryKey: ['roles', role, 'permissions'],
    enabled: Boolean(role),
    staleTime: 5 * 60_000,
    queryFn: () =>
      http.get<{ data: RolePermissionsDto }>(userUrls.role(role ?? ''), {
        params: { include: 'permissions' },
      }),
    select: (body) => body.data.permissions,
  });
}

export function useCompanyOptions(text: string, enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options', text],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<CompanyRef>>(userUrls.companies, {
        params: { per_page: 20, search: listSearch('', { name: text.replace(/[;:]/g, ' ').trim() }), order_by: 'name' },
      }),
    select: (body) => body.data,
  });
}

/** A mutation that refreshes every user list once it succeeds. */
function useUsersMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['users'] }),
        client.invalidateQueries({ queryKey: ['company-users'] }),
      ]);
    },
  });
}

export const useCreateUser = () =>
  useUsersMutation((values: TUserCreate) => http.post<{ data: UserRow }>(userUrls.list, values));

export const useAssignRoles = () =>
  useUsersMutation(({ id, roles }: { id: string; roles: Role[] }) => http.post<{ data: UserRow }>(userUrls.assignRoles(id), { roles }));

export const useAssignPermissions = () =>
  useUsersMutation(({ id, permissions }: { id: string; permissions: number[] }) =>
    http.post<{ data: AssignedPermissionsDto }>(userUrls.assignPermissions(id), { permissions }),
  );

export const useSetUserDisabled = () =>
  useUsersMutation(({ id, disabled }: { id: string; disabled: boolean }) => http.post<{ data: UserRow }>(userUrls.disable(id, disabled)));

export const useInvite = () =>
  useUsersMutation((input: InvitationInput) =>
    http.post<{ data: InvitationSentDto }>(userUrls.invitations, input),
  );

export function useLoginByAdmin() {
  return useMutation({
    mutationFn: (id: string) => http.post<{ data: IssuedTokensDto }>(userUrls.loginByAdmin(id)).then((body) => body.data),
  });
}
