/**
 * Discovery: finds NASes on this computer's links with mDNS/DNS-SD and SSDP, says which vendor
 * and model they are and what they offer. Serials and MAC addresses are never kept.
 */
export { discoverDevices, type DiscoveryOptions } from './discover';
export { DiscoveryQueries } from './queries';
export { searchInterfaces, type SearchInterface } from './interfaces';
export { discoveryHandlers } from './handlers';
export { RecentDevices } from './recent-devices';
export { discoveryOffError } from './queries';
