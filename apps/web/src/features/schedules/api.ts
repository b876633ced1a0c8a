import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchedulableJobKind, ScheduleDto, TScheduleCreate, TScheduleUpdate } from '@omnio/domain';
import { http } from '../../shared/api/http';

/** /schedules (docs/api-jobs.md "Schedules"). */
const key = ['schedules'] as const;

export function useSchedules() {
  return useQuery({ queryKey: key, queryFn: async () => (await http.get<{ data: ScheduleDto[] }>('/schedules')).data });
}

export function useSchedulableKinds() {
  return useQuery({
    queryKey: ['schedules', 'job-kinds'],
    queryFn: async () => (await http.get<{ data: SchedulableJobKind[] }>('/schedules/job-kinds')).data,
    staleTime: 5 * 60_000,
  });
}

function useScheduleMutation<TVars, TResult>(run: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key, exact: true }) });
}

export function useSaveSchedule() {
  return useScheduleMutation(async ({ id, body }: { id: string | null; body: TScheduleCreate | TScheduleUpdate }) =>
    id
      ? (await http.put<{ data: ScheduleDto }>(`/schedules/${id}`, body)).data
      : (await http.post<{ data: ScheduleDto }>('/schedules', body)).data,
  );
}

export function useDeleteSchedule() {
  return useScheduleMutation((id: string) => http.delete(`/schedules/${id}`));
}
