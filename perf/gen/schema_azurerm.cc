// Schema DSL (grammar in schema_parse.cc) for a lookalike of hashicorp/azurerm:
// azurerm_kubernetes_cluster, azurerm_linux_virtual_machine,
// azurerm_storage_account; data azurerm_client_config, azurerm_resource_group.
// Trimmed from the real provider schemas; hints not given derive from names.
#include "gen/cloud_schema.h"

namespace tfgen {

extern const std::string_view kAzurermDsl = R"DSL(
provider azurerm registry.terraform.io/hashicorp/azurerm
config {
  subscription_id s O
  tenant_id s O
  client_secret s OS
  block features list 1 1 {
    block key_vault list 0 1 {
      purge_soft_delete_on_destroy b O
    }
  }
}

resource azurerm_kubernetes_cluster v=2 id=
  api_server_authorized_ip_ranges ss O len=0-3 k=cidr
  automatic_channel_upgrade s O enum=patch,rapid,stable
  azure_policy_enabled b O
  current_kubernetes_version s C k=version
  disk_encryption_set_id s OF null=80 k=azureid
  dns_prefix s OF
  fqdn s C
  http_application_routing_enabled b O
  http_application_routing_zone_name s C
  id s C k=azureid
  image_cleaner_enabled b O
  image_cleaner_interval_hours n O int=24-168
  kube_admin_config_raw s CS k=json
  kube_config_raw s CS k=json
  obj kube_admin_config list CS {
    client_certificate s O k=pem
    client_key s O k=pem
    cluster_ca_certificate s O k=pem
    host s O
    password s O k=secret
    username s O
  }
  obj kube_config list CS {
    client_certificate s O k=pem
    client_key s O k=pem
    cluster_ca_certificate s O k=pem
    host s O
    password s O k=secret
    username s O
  }
  kubernetes_version s OC
  local_account_disabled b O
  location s RF
  name s RF
  node_os_channel_upgrade s OC enum=NodeImage,SecurityPatch,None
  node_resource_group s OCF
  node_resource_group_id s C k=azureid
  oidc_issuer_enabled b O
  oidc_issuer_url s C
  portal_fqdn s C
  private_cluster_enabled b OF
  private_dns_zone_id s OCF null=70 k=azureid
  private_fqdn s C
  resource_group_name s RF
  role_based_access_control_enabled b OF
  run_command_enabled b O
  sku_tier s O enum=Free,Standard,Premium
  tags ms O
  workload_identity_enabled b O
  block azure_active_directory_role_based_access_control list 0 1 {
    admin_group_object_ids ls O len=1-2 k=uuid
    azure_rbac_enabled b O
    tenant_id s OC
  }
  block default_node_pool list 1 1 {
    auto_scaling_enabled b O
    capacity_reservation_group_id s OF null=90 k=azureid
    fips_enabled b OF
    host_encryption_enabled b OF
    kubelet_disk_type s OC enum=OS,Temporary
    max_count n O int=3-100
    max_pods n OC int=30-250
    min_count n O int=1-3
    name s RF
    node_count n OC int=1-20
    node_labels ms O
    node_public_ip_enabled b OF
    only_critical_addons_enabled b OF
    orchestrator_version s OC
    os_disk_size_gb n OCF int=30-1024
    os_disk_type s OF enum=Managed,Ephemeral
    os_sku s OCF enum=Ubuntu,AzureLinux
    pod_subnet_id s O null=60 k=azureid
    scale_down_mode s O enum=Delete,Deallocate
    tags ms O
    temporary_name_for_rotation s O null=50
    type s OF enum=VirtualMachineScaleSets
    ultra_ssd_enabled b OF
    vm_size s RF enum=Standard_D2s_v5,Standard_D4s_v5,Standard_E8s_v5,Standard_F16s_v2
    vnet_subnet_id s OF k=azureid
    zones ss OF len=1-3 enum=1,2,3
    block kubelet_config list 0 1 {
      allowed_unsafe_sysctls ss OF len=0-1 enum=kernel.msg*,net.core.somaxconn
      container_log_max_line n OF int=2-10
      container_log_max_size_mb n OF int=10-100
      cpu_cfs_quota_enabled b OF
      cpu_manager_policy s OF enum=none,static
      image_gc_high_threshold n OF int=70-90
      image_gc_low_threshold n OF int=40-70
      pod_max_pid n OF int=-1-4096
      topology_manager_policy s OF enum=none,best-effort,restricted
    }
    block upgrade_settings list 0 1 {
      drain_timeout_in_minutes n O int=0-60
      max_surge s R enum=10%,33%,1
      node_soak_duration_in_minutes n O int=0-30
    }
  }
  block identity list 0 1 {
    identity_ids ss O len=0-1 k=azureid
    principal_id s C
    tenant_id s C
    type s R enum=SystemAssigned,UserAssigned
  }
  block key_vault_secrets_provider list 0 1 {
    secret_rotation_enabled b O
    secret_rotation_interval s O enum=2m,5m,10m
    obj secret_identity list C {
      client_id s O
      object_id s O
      user_assigned_identity_id s O k=azureid
    }
  }
  block maintenance_window list 0 1 {
    block allowed set 0 0 {
      day s R enum=Monday,Tuesday,Wednesday,Saturday,Sunday
      hours ss R len=1-3 int=0-23
    }
  }
  block network_profile list 0 1 C {
    dns_service_ip s OCF
    ip_versions ls OCF len=1-1 enum=IPv4
    load_balancer_sku s OF enum=basic,standard
    network_data_plane s OF enum=azure,cilium
    network_mode s OCF enum=bridge,transparent
    network_plugin s RF enum=azure,kubenet,none
    network_plugin_mode s O enum=overlay null=60
    network_policy s OCF enum=azure,calico,cilium
    outbound_type s O enum=loadBalancer,userDefinedRouting
    pod_cidr s OCF
    pod_cidrs ls OCF len=1-1 k=cidr
    service_cidr s OCF
    service_cidrs ls OCF len=1-1 k=cidr
    block load_balancer_profile list 0 1 C {
      effective_outbound_ips ss C len=1-2 k=azureid
      idle_timeout_in_minutes n O int=4-100
      managed_outbound_ip_count n OC int=1-10
      outbound_ip_address_ids ss O len=0-2 k=azureid
      outbound_ports_allocated n O int=0-64000
    }
  }
  block oms_agent list 0 1 {
    log_analytics_workspace_id s R k=azureid
    msi_auth_for_monitoring_enabled b O
    obj oms_agent_identity list C {
      client_id s O
      object_id s O
      user_assigned_identity_id s O k=azureid
    }
  }
  block timeouts single 0 0 {
    create s O enum=90m
    delete s O enum=90m
    read s O enum=5m
    update s O enum=90m
  }
end

resource azurerm_linux_virtual_machine id=
  admin_password s OSF null=70 k=secret
  admin_username s RF
  allow_extension_operations b O
  availability_set_id s OF null=80 k=azureid
  computer_name s OCF
  custom_data s OSF k=script
  disable_password_authentication b OF
  encryption_at_host_enabled b O
  eviction_policy s OF null=80 enum=Deallocate,Delete
  extensions_time_budget s O enum=PT1H30M
  id s C k=azureid
  license_type s O null=80 enum=RHEL_BYOS,SLES_BYOS
  location s RF
  max_bid_price n O int=-1-1
  name s RF
  network_interface_ids ls R len=1-2 k=azureid
  patch_assessment_mode s O enum=ImageDefault,AutomaticByPlatform
  patch_mode s O enum=ImageDefault,AutomaticByPlatform
  platform_fault_domain n OF int=-1-2
  priority s OF enum=Regular,Spot
  private_ip_address s C
  private_ip_addresses ls C len=1-2 k=ip
  provision_vm_agent b OF
  proximity_placement_group_id s O null=80 k=azureid
  public_ip_address s C
  public_ip_addresses ls C len=0-1 k=ip
  resource_group_name s RF
  secure_boot_enabled b OF
  size s R enum=Standard_B2s,Standard_D4s_v5,Standard_E16s_v5
  source_image_id s OF null=70 k=azureid
  tags ms O
  user_data s O k=b64
  virtual_machine_id s C k=uuid
  vtpm_enabled b OF
  zone s OF enum=1,2,3
  block additional_capabilities list 0 1 {
    hibernation_enabled b O
    ultra_ssd_enabled b O
  }
  block admin_ssh_key set 0 0 {
    public_key s RF k=pem
    username s RF
  }
  block boot_diagnostics list 0 1 {
    storage_account_uri s O k=url
  }
  block identity list 0 1 {
    identity_ids ss O len=0-1 k=azureid
    principal_id s C
    tenant_id s C
    type s R enum=SystemAssigned,UserAssigned
  }
  block os_disk list 1 1 {
    caching s R enum=ReadWrite,ReadOnly,None
    disk_encryption_set_id s O null=80 k=azureid
    disk_size_gb n OC int=30-2048
    name s OCF
    storage_account_type s RF enum=Standard_LRS,Premium_LRS,StandardSSD_ZRS
    write_accelerator_enabled b O
  }
  block source_image_reference list 0 1 {
    offer s RF enum=0001-com-ubuntu-server-jammy,RHEL,debian-12
    publisher s RF enum=Canonical,RedHat,Debian
    sku s RF enum=22_04-lts-gen2,9-lvm-gen2,12-gen2
    version s RF enum=latest,9.4.2024081415
  }
end

resource azurerm_storage_account v=4 id=
  access_tier s OC enum=Hot,Cool
  account_kind s O enum=StorageV2,BlobStorage
  account_replication_type s R enum=LRS,GRS,ZRS,RAGRS
  account_tier s RF enum=Standard,Premium
  allow_nested_items_to_be_public b O
  cross_tenant_replication_enabled b O
  default_to_oauth_authentication b O
  https_traffic_only_enabled b O
  id s C k=azureid
  infrastructure_encryption_enabled b OF
  is_hns_enabled b OF
  location s RF
  min_tls_version s O enum=TLS1_2
  name s RF
  nfsv3_enabled b OF
  primary_access_key s CS k=secret
  primary_blob_connection_string s CS k=secret
  primary_blob_endpoint s C k=url
  primary_connection_string s CS k=secret
  primary_location s C k=region
  public_network_access_enabled b O
  resource_group_name s RF
  secondary_access_key s CS k=secret
  secondary_location s C k=region
  shared_access_key_enabled b O
  tags ms O
  block blob_properties list 0 1 C {
    change_feed_enabled b O
    last_access_time_enabled b O
    versioning_enabled b O
    block container_delete_retention_policy list 0 1 {
      days n O int=1-365
    }
    block cors_rule list 0 5 {
      allowed_headers ls R len=1-2 enum=*,x-ms-meta-*
      allowed_methods ls R len=1-3 enum=GET,PUT,POST,DELETE
      allowed_origins ls R len=1-2 k=url
      exposed_headers ls R len=1-1 enum=*
      max_age_in_seconds n R int=0-3600
    }
    block delete_retention_policy list 0 1 {
      days n O int=1-365
      permanent_delete_enabled b O
    }
  }
  block network_rules list 0 1 C {
    bypass ss OC len=1-2 enum=AzureServices,Logging,Metrics
    default_action s R enum=Allow,Deny
    ip_rules ss OC len=0-3 k=ip
    virtual_network_subnet_ids ss OC len=0-2 k=azureid
  }
  block static_website list 0 1 {
    error_404_document s O enum=404.html
    index_document s O enum=index.html
  }
end

data azurerm_client_config id=
  client_id s C
  id s C k=hash
  object_id s C
  subscription_id s C
  tenant_id s C
end

data azurerm_resource_group id=
  id s C k=azureid
  location s C
  managed_by s C null=90 k=azureid
  name s R
  tags ms C
  block timeouts single 0 0 {
    read s O enum=5m
  }
end
)DSL";

}  // namespace tfgen
