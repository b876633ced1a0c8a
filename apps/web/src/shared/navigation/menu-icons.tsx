import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import AppsIcon from '@mui/icons-material/Apps';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import AutoModeIcon from '@mui/icons-material/AutoMode';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CableIcon from '@mui/icons-material/Cable';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import LoginIcon from '@mui/icons-material/Login';
import MiscellaneousServicesIcon from '@mui/icons-material/MiscellaneousServices';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RuleIcon from '@mui/icons-material/Rule';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import WebhookIcon from '@mui/icons-material/Webhook';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import ViewInArOutlinedIcon from '@mui/icons-material/ViewInArOutlined';
import type { MenuIconName } from './menus';

export const MENU_ICONS: Record<MenuIconName, ComponentType<SvgIconProps>> = {
  dashboard: DashboardOutlinedIcon,
  business: BusinessOutlinedIcon,
  addBusiness: AddBusinessOutlinedIcon,
  templates: DescriptionOutlinedIcon,
  rules: RuleIcon,
  warehouse: WarehouseOutlinedIcon,
  people: PeopleAltOutlinedIcon,
  services: MiscellaneousServicesIcon,
  apps: AppsIcon,
  login: LoginIcon,
  settings: SettingsOutlinedIcon,
  webhook: WebhookIcon,
  billing: CreditCardOutlinedIcon,
  orders: ShoppingCartOutlinedIcon,
  returns: AssignmentReturnOutlinedIcon,
  inventory: Inventory2OutlinedIcon,
  synset: LayersOutlinedIcon,
  products: CategoryOutlinedIcon,
  supplyChain: AccountTreeOutlinedIcon,
  location: PlaceOutlinedIcon,
  purchaseOrders: ReceiptLongOutlinedIcon,
  transfers: SyncAltIcon,
  automation: AutoModeIcon,
  connections: CableIcon,
  relations: HandshakeOutlinedIcon,
  customers: GroupsOutlinedIcon,
  suppliers: StorefrontOutlinedIcon,
  packaging: ViewInArOutlinedIcon,
  shipping: LocalShippingOutlinedIcon,
  notifications: NotificationsNoneOutlinedIcon,
  integrations: ExtensionOutlinedIcon,
  add: AddCircleOutlineIcon,
};
