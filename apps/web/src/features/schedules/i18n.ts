import type { FeatureStrings } from '../../shared/routing/screen-map';

const en = {
  title: 'Schedules',
  subtitle: 'Run background tasks on a timetable: daily, on weekdays or weekends, or with your own cron expression.',
  add: 'New schedule',
  save: 'Save',
  edit: 'Edit',
  delete: 'Delete',
  editNamed: 'Edit {{name}}',
  deleteNamed: 'Delete {{name}}',
  activeNamed: 'Active: {{name}}',
  empty: 'No schedules yet.',
  readOnly: 'You can see the schedules but not change them.',
  columns: { name: 'Name', task: 'Task', when: 'When', next: 'Next run', last: 'Last run', active: 'Active', actions: 'Actions' },
  never: 'Never',
  paused: 'Paused',
  presets: {
    daily: 'Daily at midnight',
    weekdays: 'Monday to Friday at midnight',
    weekends: 'Weekends at midnight',
    monday_to_saturday: 'Monday to Saturday at midnight',
    sundays: 'Sundays at midnight',
  },
  custom: 'Custom: {{cron}}',
  dialog: { create: 'New schedule', edit: 'Edit schedule' },
  fields: {
    name: 'Name',
    job_kind: 'Task',
    mode: 'Repeat',
    preset: 'Preset',
    cron: 'Cron expression',
    timezone: 'Time zone',
    active: 'Active',
  },
  modes: { preset: 'A preset', custom: 'A cron expression' },
  hints: {
    cron: 'Five fields: minute hour day-of-month month day-of-week, e.g. 30 6 * * 1-5',
    timezone: 'An IANA name such as Europe/Madrid; midnight is midnight there.',
  },
  chooseTask: 'Choose a task',
  saved: 'Schedule saved',
  deleted: 'Schedule deleted',
  deleteTitle: 'Delete this schedule?',
  deleteMessage: '"{{name}}" will not run again. Tasks it already started keep running.',
  errors: { load: 'Could not load the schedules', save: 'Could not save the schedule', delete: 'Could not delete the schedule', toggle: 'Could not change the schedule' },
};

const es: typeof en = {
  title: 'Programaciones',
  subtitle: 'Ejecute tareas en segundo plano según un horario: a diario, entre semana o los fines de semana, o con su propia expresión cron.',
  add: 'Nueva programación',
  save: 'Guardar',
  edit: 'Editar',
  delete: 'Eliminar',
  editNamed: 'Editar {{name}}',
  deleteNamed: 'Eliminar {{name}}',
  activeNamed: 'Activa: {{name}}',
  empty: 'Aún no hay programaciones.',
  readOnly: 'Puede ver las programaciones pero no cambiarlas.',
  columns: { name: 'Nombre', task: 'Tarea', when: 'Cuándo', next: 'Próxima ejecución', last: 'Última ejecución', active: 'Activa', actions: 'Acciones' },
  never: 'Nunca',
  paused: 'En pausa',
  presets: {
    daily: 'A diario a medianoche',
    weekdays: 'De lunes a viernes a medianoche',
    weekends: 'Fines de semana a medianoche',
    monday_to_saturday: 'De lunes a sábado a medianoche',
    sundays: 'Los domingos a medianoche',
  },
  custom: 'Personalizada: {{cron}}',
  dialog: { create: 'Nueva programación', edit: 'Editar programación' },
  fields: {
    name: 'Nombre',
    job_kind: 'Tarea',
    mode: 'Repetir',
    preset: 'Predefinida',
    cron: 'Expresión cron',
    timezone: 'Zona horaria',
    active: 'Activa',
  },
  modes: { preset: 'Una predefinida', custom: 'Una expresión cron' },
  hints: {
    cron: 'Cinco campos: minuto hora día-del-mes mes día-de-la-semana, p. ej. 30 6 * * 1-5',
    timezone: 'Un nombre IANA como Europe/Madrid; la medianoche es la de allí.',
  },
  chooseTask: 'Elija una tarea',
  saved: 'Programación guardada',
  deleted: 'Programación eliminada',
  deleteTitle: '¿Eliminar esta programación?',
  deleteMessage: '"{{name}}" no volverá a ejecutarse. Las tareas que ya inició siguen en curso.',
  errors: { load: 'No se pudieron cargar las programaciones', save: 'No se pudo guardar la programación', delete: 'No se pudo eliminar la programación', toggle: 'No se pudo cambiar la programación' },
};

export const schedulesStrings: FeatureStrings = { en, es };

const FIELD_ES: Record<string, string> = {
  Minute: 'El minuto', Hour: 'La hora', 'Day of month': 'El día del mes', Month: 'El mes', 'Day of week': 'El día de la semana',
};

/** The schedule messages of packages/domain/src/schedules.ts (cron checks are built from parts) in Spanish. */
export function scheduleMessageEs(message: string): string | undefined {
  const fixed: Record<string, string> = {
    'Use 5 fields: minute hour day-of-month month day-of-week (e.g. "0 0 * * 1-5")': 'Use 5 campos: minuto hora día-del-mes mes día-de-la-semana (p. ej. "0 0 * * 1-5")',
    'Choose a preset or enter a cron expression': 'Elija una predefinida o escriba una expresión cron',
    'Give either a preset or a cron expression, not both': 'Indique una predefinida o una expresión cron, no ambas',
    'Not a known time zone (use an IANA name like Europe/Madrid)': 'Zona horaria desconocida (use un nombre IANA como Europe/Madrid)',
    'This task cannot be scheduled': 'Esta tarea no se puede programar',
  };
  if (fixed[message]) return fixed[message];
  const range = /^(Minute|Hour|Day of month|Month|Day of week) must be between (\d+) and (\d+)$/.exec(message);
  if (range) return `${FIELD_ES[range[1]!]} debe estar entre ${range[2]} y ${range[3]}`;
  const field = /^(Minute|Hour|Day of month|Month|Day of week): (.*)$/.exec(message);
  if (field) return `${FIELD_ES[field[1]!]}: valor no válido (${field[2]})`;
  return undefined;
}
