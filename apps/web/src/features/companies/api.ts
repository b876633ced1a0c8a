import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyDto, Paginated, TCompanyCreate, TCompanyProfileUpdate, UserSummaryDto } from '@omnio/domain';
import { http } from '../../shared/api/http';

/** The answers are the server's response contract (@omnio/domain); a member is a user as /users lists it. */
export type { CompanyDto as Company, UserSummaryDto as CompanyMember } from '@omnio/domain';
type Company = CompanyDto;
type CompanyMember = UserSummaryDto;

export interface CompanyListParams {
  page: number;
  perPage: number;
  search: string;
  orderBy?: string;
  orderDirection?: 'ASC' | 'DESC';
}

const enc = encodeURIComponent;
export const companyUrls = {
  list: '/companies',
  one: (id: string) => `/companies/${enc(id)}`,
  users: '/users',
  own: '/company',
};

/** `name:<text>` in the API's search form; `;` and `:` in typed text would split it. */
export function nameSearch(text: string): string | undefined {
  const clean = text.replace(/[;:]/g, ' ').trim();
  return clean ? `name:${clean}` : undefined;
}

export function useCompanies(params: CompanyListParams) {
  return useQuery({
    queryKey: ['companies', 'list', params],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<Paginated<Company>>(companyUrls.list, {
        params: {
          page: params.page,
          per_page: params.perPage,
          search: nameSearch(params.search),
          order_by: params.orderBy,
          order_direction: params.orderDirection,
        },
      }),
  });
}

export function useCompany(id: string | undefined) {
  return useQuery({
    queryKey: ['companies', 'one', id],
    enabled: Boolean(id),
    queryFn: () => http.get<{ data: Company }>(companyUrls.one(id ?? '')),
    select: (body) => body.data,
  });
}

/** The first hundred users of a company; the full list with actions is the users screen. */
export const MEMBERS_SHOWN = 100;

export function useCompanyMembers(companyId: string | undefined) {
  return useQuery({
    queryKey: ['users', 'company', companyId],
    enabled: Boolean(companyId),
    queryFn: () =>
      http.get<Paginated<CompanyMember>>(companyUrls.users, {
        params: { search: `company:${companyId ?? ''}`, include: 'roles', per_page: MEMBERS_SHOWN, order_by: 'name' },
      }),
  });
}

export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: TCompanyCreate }) =>
      (id ? http.put<{ data: Company }>(companyUrls.one(id), values) : http.post<{ data: Company }>(companyUrls.list, values)).then(
        (body) => body.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['companies'] }),
  });
}

/** The signed-in tenant user's own company (/tenant_company). */
export function useOwnCompany() {
  return useQuery({
    queryKey: ['companies', 'own'],
    queryFn: () => http.get<{ data: Company }>(companyUrls.own),
    select: (body) => body.data,
  });
}

export function useSaveOwnCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TCompanyProfileUpdate) => http.put<{ data: Company }>(companyUrls.own, values).then((body) => body.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['companies'] }),
  });
}
