import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Chip, Typography } from '@mui/material';
import {
  Background, Controls, Handle, Position, ReactFlow, applyNodeChanges, type Connection, type Edge, type Node, type NodeChange, type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { actionLabel, connect, positionsOf, removeNodes, type FlowNode } from './flow-model';

interface CardData extends Record<string, unknown> {
  node: FlowNode;
  typeLabel: string;
  subtitle: string;
  yes: string;
  no: string;
  problems: number;
}
type CardNode = Node<CardData, 'flow'>;

const handleSx = { width: 10, height: 10 };

/** One node on the canvas; a condition has two outlets, Yes (left) and No (right). */
const FlowCard = memo(function FlowCard({ data, selected }: NodeProps<CardNode>) {
  const { node } = data;
  const color = node.type === 'condition' ? 'warning.main' : node.type === 'start' || node.type === 'end' ? 'text.secondary' : 'primary.main';
  return (
    <Box
      sx={{
        width: 200, px: 1.5, py: 1, bgcolor: 'background.paper', border: 2, borderRadius: 1.5,
        borderColor: data.problems ? 'error.main' : selected ? 'primary.main' : 'divider', boxShadow: selected ? 3 : 0,
      }}
    >
      {node.type !== 'start' && <Handle type="target" position={Position.Top} style={handleSx} />}
      <Typography variant="caption" sx={{ color, fontWeight: 600, textTransform: 'uppercase' }}>{data.typeLabel}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{node.name}</Typography>
      {data.subtitle && <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>{data.subtitle}</Typography>}
      {data.problems > 0 && <Chip size="small" color="error" label={data.problems} sx={{ position: 'absolute', top: -10, right: -10 }} />}
      {node.type === 'condition' ? (
        <>
          <Handle id="yes" type="source" position={Position.Bottom} style={{ ...handleSx, left: '25%', background: '#2e7d32' }} />
          <Handle id="no" type="source" position={Position.Bottom} style={{ ...handleSx, left: '75%', background: '#d32f2f' }} />
          <Box sx={{ display: 'flex', justifyContent: 'space-around', mt: 0.5 }}>
            <Typography variant="caption" sx={{ color: 'success.main' }}>{data.yes}</Typography>
            <Typography variant="caption" sx={{ color: 'error.main' }}>{data.no}</Typography>
          </Box>
        </>
      ) : (
        node.type !== 'end' && <Handle id="out" type="source" position={Position.Bottom} style={handleSx} />
      )}
    </Box>
  );
});

const nodeTypes = { flow: FlowCard };

interface FlowCanvasProps {
  nodes: FlowNode[];
  selectedId: string | null;
  readOnly: boolean;
  problemsByNode: Record<string, number>;
  onSelect(id: string | null): void;
  onChange(nodes: FlowNode[]): void;
}

/** The flow as a graph: drag to move, drag a handle to connect, Delete removes; the outline list does the same by keyboard. */
export function FlowCanvas({ nodes, selectedId, readOnly, problemsByNode, onSelect, onChange }: FlowCanvasProps) {
  const { t, i18n } = useTranslation('rules');
  const build = (prev: CardNode[]): CardNode[] => {
    const at = positionsOf(nodes);
    const before = new Map(prev.map((c) => [c.id, c]));
    return nodes.map((n) => ({
      ...before.get(n.id),
      id: n.id,
      type: 'flow' as const,
      position: at.get(n.id) ?? { x: 0, y: 0 },
      selected: n.id === selectedId,
      deletable: !readOnly && n.type !== 'start',
      data: {
        node: n, typeLabel: t(`types.${n.type}`), subtitle: n.action_type ? actionLabel(n.action_type, i18n.language) : '',
        yes: t('node.yes'), no: t('node.no'), problems: problemsByNode[n.id] ?? 0,
      },
    }));
  };
  // The cards keep what React Flow measured; the draft gives everything else.
  const [cards, setCards] = useState<CardNode[]>(() => build([]));
  useEffect(() => setCards(build), [nodes, selectedId, readOnly, problemsByNode, t, i18n.language]);

  const edges = useMemo<Edge[]>(
    () =>
      nodes.flatMap((n) =>
        n.next.flatMap((to, i) => {
          if (!to) return [];
          const condition = n.type === 'condition';
          return [{
            id: `${n.id}:${i}`, source: n.id, target: to, sourceHandle: condition ? (i === 0 ? 'yes' : 'no') : 'out',
            label: condition ? (i === 0 ? t('node.yes') : t('node.no')) : undefined, deletable: !readOnly, data: { branch: i },
          }];
        })),
    [nodes, readOnly, t],
  );

  const onNodesChange = (changes: NodeChange<CardNode>[]) => {
    // Removal goes through onDelete (the draft is the source of truth); the rest moves the cards.
    setCards((prev) => applyNodeChanges(changes.filter((c) => c.type !== 'remove'), prev));
    const moved = new Map<string, { x: number; y: number }>();
    for (const c of changes) {
      if (c.type === 'position' && c.position && !c.dragging) moved.set(c.id, c.position);
      if (c.type === 'select' && c.selected) onSelect(c.id);
    }
    if (moved.size && !readOnly) onChange(nodes.map((n) => (moved.has(n.id) ? { ...n, position: moved.get(n.id) } : n)));
  };

  const onConnect = (c: Connection) => {
    if (readOnly || c.source === c.target) return;
    onChange(connect(nodes, c.source, c.sourceHandle === 'no' ? 1 : 0, c.target));
  };

  const onDelete = ({ nodes: gone, edges: cut }: { nodes: CardNode[]; edges: Edge[] }) => {
    if (readOnly) return;
    let next = nodes;
    for (const e of cut) next = connect(next, e.source, e.sourceHandle === 'no' ? 1 : 0, '');
    if (gone.length) {
      next = removeNodes(next, gone.map((n) => n.id));
      if (gone.some((n) => n.id === selectedId)) onSelect(null);
    }
    onChange(next);
  };

  return (
    <Box
      role="region" aria-label={t('editor.canvas')}
      sx={{ height: { xs: 360, md: 520 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}
    >
      <ReactFlow
        nodes={cards} edges={edges} nodeTypes={nodeTypes} onNodesChange={onNodesChange} onConnect={onConnect} onDelete={onDelete}
        nodesDraggable={!readOnly} nodesConnectable={!readOnly} elementsSelectable deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
        onPaneClick={() => onSelect(null)} fitView fitViewOptions={{ padding: 0.2 }} minZoom={0.3} proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </Box>
  );
}
