// Cloud-like provider schemas used by gen_plan: trimmed-down lookalikes of
// hashicorp/aws, hashicorp/azurerm and hashicorp/google types, each with
// 40-120 attributes, nested blocks of every nesting mode, nested attribute
// types, sensitive attributes, JSON policy strings and multi-line scripts.
// Grammar: see schema.cc. Hints not given are derived from attribute names.
#include "gen/schema.h"

namespace tfgen {
namespace {

constexpr std::string_view kCloudDsl = R"DSL(
provider aws registry.terraform.io/hashicorp/aws
config {
  region s O
  profile s O
  access_key s OS
  secret_key s OS
  max_retries n O
  skip_credentials_validation b O
}

resource aws_instance v=1 id=i-
  ami s RF k=ref
  arn s C
  associate_public_ip_address b OCF
  availability_zone s OCF
  cpu_core_count n OC int=1-16
  cpu_threads_per_core n OC int=1-2
  disable_api_stop b OC
  disable_api_termination b OC
  ebs_optimized b OCF
  get_password_data b O
  hibernation b OF
  host_id s OC
  host_resource_group_arn s OC
  iam_instance_profile s OC k=name
  id s C
  instance_initiated_shutdown_behavior s OC enum=stop,terminate
  instance_lifecycle s C enum=spot,scheduled
  instance_state s C enum=running,stopped,pending
  instance_type s OC enum=t3.micro,t3.large,m5.xlarge,m6i.2xlarge,c6g.4xlarge,r6i.8xlarge
  ipv6_address_count n OC int=0-2
  ipv6_addresses ls OC k=ip len=0-2
  key_name s OCF k=name
  monitoring b O
  outpost_arn s C
  password_data s CS k=secret
  placement_group s OCF k=name
  placement_partition_number n OC int=0-7
  primary_network_interface_id s C k=ref
  private_dns s C
  private_ip s OCF
  public_dns s C
  public_ip s C
  secondary_private_ips ss OC len=0-3
  security_groups ss OC k=name len=0-3
  source_dest_check b O
  spot_instance_request_id s C k=ref
  subnet_id s OCF
  tags ms O
  tags_all ms OC
  tenancy s OC enum=default,dedicated,host
  user_data s OC k=script
  user_data_base64 s OC k=b64
  user_data_replace_on_change b O
  volume_tags ms O
  vpc_security_group_ids ss OC len=1-4
  block capacity_reservation_specification list 0 1 C {
    capacity_reservation_preference s O enum=open,none
  }
  block credit_specification list 0 1 {
    cpu_credits s O enum=standard,unlimited
  }
  block ebs_block_device set 0 0 C {
    delete_on_termination b O
    device_name s RF enum=/dev/sdf,/dev/sdg,/dev/sdh,/dev/xvdb
    encrypted b OCF
    iops n OCF int=3000-16000
    kms_key_id s OCF
    snapshot_id s OCF k=ref
    tags ms O
    throughput n OCF int=125-1000
    volume_id s C k=ref
    volume_size n OCF
    volume_type s OCF enum=gp2,gp3,io1,io2,st1
  }
  block enclave_options list 0 1 C {
    enabled b OCF
  }
  block maintenance_options list 0 1 {
    auto_recovery s OC enum=default,disabled
  }
  block metadata_options list 0 1 C {
    http_endpoint s OC enum=enabled,disabled
    http_put_response_hop_limit n OC int=1-3
    http_tokens s OC enum=optional,required
    instance_metadata_tags s OC enum=enabled,disabled
  }
  block network_interface set 0 0 C {
    delete_on_termination b OF
    device_index n RF int=0-3
    network_card_index n OF int=0-1
    network_interface_id s RF k=ref
  }
  block root_block_device list 0 1 C {
    delete_on_termination b O
    device_name s C enum=/dev/xvda,/dev/sda1
    encrypted b OCF
    iops n OC int=3000-16000
    kms_key_id s OCF
    tags ms O
    throughput n OC int=125-1000
    volume_id s C k=ref
    volume_size n OC
    volume_type s OC enum=gp2,gp3,io1
  }
  block timeouts single 0 0 {
    create s O enum=10m,20m,30m
    delete s O enum=10m,20m,30m
    update s O enum=10m,20m,30m
  }
end

resource aws_s3_bucket id=
  acceleration_status s OC enum=Enabled,Suspended
  acl s O enum=private,public-read,log-delivery-write null=60
  arn s C
  bucket s OCF
  bucket_domain_name s C
  bucket_prefix s OF null=90
  bucket_regional_domain_name s C
  force_destroy b O
  hosted_zone_id s C k=ref
  id s C
  object_lock_enabled b OCF
  policy s OC
  region s C
  request_payer s OC enum=BucketOwner,Requester
  tags ms O
  tags_all ms OC
  website_domain s C
  website_endpoint s C
  block cors_rule list 0 0 {
    allowed_headers ls O len=1-3 enum=*,Authorization,Content-Type,X-Request-Id
    allowed_methods ls R len=1-3 enum=GET,PUT,POST,HEAD,DELETE
    allowed_origins ls R len=1-3 k=url
    expose_headers ls O len=0-2 enum=ETag,x-amz-request-id
    max_age_seconds n O int=300-86400
  }
  block grant set 0 0 {
    id s O k=hash
    permissions ss R len=1-3 enum=FULL_CONTROL,READ,READ_ACP,WRITE,WRITE_ACP
    type s R enum=CanonicalUser,Group
    uri s O k=url
  }
  block lifecycle_rule list 0 0 {
    abort_incomplete_multipart_upload_days n O int=1-30
    enabled b R
    id s OC k=name
    prefix s O k=path
    tags ms O
    block expiration list 0 1 {
      date s O
      days n O int=1-3650
      expired_object_delete_marker b O
    }
    block noncurrent_version_expiration list 0 1 {
      days n O int=1-365
    }
    block noncurrent_version_transition set 0 0 {
      days n O int=1-365
      storage_class s R enum=STANDARD_IA,ONEZONE_IA,GLACIER,DEEP_ARCHIVE
    }
    block transition set 0 0 {
      date s O
      days n O int=30-365
      storage_class s R enum=STANDARD_IA,ONEZONE_IA,INTELLIGENT_TIERING,GLACIER
    }
  }
  block logging list 0 1 {
    target_bucket s R k=name
    target_prefix s O k=path
  }
  block object_lock_configuration list 0 1 {
    object_lock_enabled s O enum=Enabled
    block rule list 0 1 {
      block default_retention list 1 1 {
        days n O int=1-365
        mode s R enum=GOVERNANCE,COMPLIANCE
        years n O int=1-10
      }
    }
  }
  block replication_configuration list 0 1 {
    role s R k=arn
    block rules set 1 0 {
      delete_marker_replication_status s O enum=Enabled
      id s O k=name
      prefix s O k=path
      priority n O int=0-10
      status s R enum=Enabled,Disabled
      block destination list 1 1 {
        account_id s O k=ref
        bucket s R k=arn
        replica_kms_key_id s O
        storage_class s O enum=STANDARD,STANDARD_IA
      }
    }
  }
  block server_side_encryption_configuration list 0 1 C {
    block rule list 1 1 {
      bucket_key_enabled b O
      block apply_server_side_encryption_by_default list 1 1 {
        kms_master_key_id s O
        sse_algorithm s R enum=AES256,aws:kms
      }
    }
  }
  block versioning list 0 1 C {
    enabled b O
    mfa_delete b O
  }
  block website list 0 1 {
    error_document s O enum=error.html,404.html
    index_document s O enum=index.html
    redirect_all_requests_to s O k=dns
    routing_rules s O
  }
end

resource aws_iam_role id=
  arn s C
  assume_role_policy s R
  create_date s C
  description s O
  force_detach_policies b O
  id s C
  managed_policy_arns ss OC len=0-4
  max_session_duration n O int=3600-43200
  name s OCF
  name_prefix s OCF null=90
  path s OF
  permissions_boundary s O k=arn
  tags ms O
  tags_all ms OC
  unique_id s C k=hash
  block inline_policy set 0 0 C {
    name s O
    policy s O
  }
end

resource aws_security_group id=sg-
  arn s C
  description s OF
  obj egress set OC {
    cidr_blocks ls O len=0-3
    description s O
    from_port n O
    ipv6_cidr_blocks ls O len=0-1
    prefix_list_ids ls O len=0-1 k=ref
    protocol s O enum=-1,tcp,udp,icmp
    security_groups ss O len=0-2 k=ref
    self b O
    to_port n O
  }
  id s C
  obj ingress set OC {
    cidr_blocks ls O len=0-3
    description s O
    from_port n O
    ipv6_cidr_blocks ls O len=0-1
    prefix_list_ids ls O len=0-1 k=ref
    protocol s O enum=-1,tcp,udp,icmp
    security_groups ss O len=0-2 k=ref
    self b O
    to_port n O
  }
  name s OCF
  name_prefix s OCF null=95
  owner_id s C k=ref
  revoke_rules_on_delete b O
  tags ms O
  tags_all ms OC
  vpc_id s OCF
  block timeouts single 0 0 {
    create s O enum=10m,20m
    delete s O enum=15m,30m
  }
end

resource aws_db_instance v=2 id=db-
  address s C k=dns
  allocated_storage n OC
  allow_major_version_upgrade b O
  apply_immediately b O
  arn s C
  auto_minor_version_upgrade b O
  availability_zone s OCF
  backup_retention_period n OC int=0-35
  backup_target s OCF enum=region,outposts
  backup_window s OC
  ca_cert_identifier s OC enum=rds-ca-rsa2048-g1,rds-ca-ecc384-g1
  character_set_name s OCF null=80
  copy_tags_to_snapshot b O
  db_name s OCF
  db_subnet_group_name s OC
  delete_automated_backups b O
  deletion_protection b O
  domain s O null=90
  enabled_cloudwatch_logs_exports ss O len=0-3 enum=audit,error,general,slowquery,postgresql
  endpoint s C
  engine s OCF enum=postgres,mysql,mariadb,aurora-postgresql
  engine_version s OC
  engine_version_actual s C k=version
  final_snapshot_identifier s O
  hosted_zone_id s C k=ref
  iam_database_authentication_enabled b O
  id s C
  identifier s OCF
  identifier_prefix s OCF null=95
  instance_class s R enum=db.t3.micro,db.r6g.large,db.m6i.xlarge,db.r6i.4xlarge
  iops n OC int=1000-40000
  kms_key_id s OCF
  latest_restorable_time s C
  license_model s OC enum=postgresql-license,general-public-license
  listener_endpoint ls C len=0-1 k=dns
  maintenance_window s OC
  manage_master_user_password b O
  max_allocated_storage n O
  monitoring_interval n O int=0-60
  monitoring_role_arn s OC
  multi_az b OC
  network_type s OC enum=IPV4,DUAL
  option_group_name s OC
  parameter_group_name s OC
  password s OS k=secret
  performance_insights_enabled b O
  performance_insights_kms_key_id s OC
  performance_insights_retention_period n OC int=7-731
  port n OC
  publicly_accessible b O
  replica_mode s OC enum=open-read-only,mounted null=90
  replicas ls C len=0-2 k=ref
  replicate_source_db s O null=90
  resource_id s C k=ref
  skip_final_snapshot b O
  snapshot_identifier s OCF null=90
  status s C enum=available,backing-up,modifying
  storage_encrypted b OF
  storage_throughput n OC int=125-1000
  storage_type s OC enum=gp2,gp3,io1
  tags ms O
  tags_all ms OC
  timezone s OCF null=95
  username s OCF
  vpc_security_group_ids ss OC len=1-3
  block blue_green_update list 0 1 {
    enabled b O
  }
  block master_user_secret list 0 0 C {
    kms_key_id s C
    secret_arn s C
    secret_status s C enum=active,creating
  }
  block restore_to_point_in_time list 0 1 {
    restore_time s O
    source_db_instance_identifier s O
    use_latest_restorable_time b O
  }
  block timeouts single 0 0 {
    create s O enum=40m,60m
    delete s O enum=40m,60m
    update s O enum=80m
  }
end

resource aws_lambda_function id=
  architectures ls OC len=1-1 enum=x86_64,arm64
  arn s C
  code_signing_config_arn s O null=90
  description s O
  filename s O k=path
  function_name s RF
  handler s O enum=index.handler,main.lambda_handler,bootstrap,app.Handler::handleRequest
  id s C
  image_uri s O null=90 k=url
  invoke_arn s C
  kms_key_arn s O
  last_modified s C k=time
  layers ls O len=0-2 k=arn
  memory_size n O int=128-10240
  package_type s O enum=Zip,Image
  publish b O
  qualified_arn s C
  qualified_invoke_arn s C
  reserved_concurrent_executions n O int=-1-100
  role s R k=arn
  runtime s O enum=python3.12,nodejs20.x,java21,provided.al2023,go1.x
  signing_job_arn s C
  signing_profile_version_arn s C
  skip_destroy b O
  source_code_hash s OC k=b64
  source_code_size n C int=1024-50000000
  tags ms O
  tags_all ms OC
  timeout n O int=3-900
  version s C k=version
  block dead_letter_config list 0 1 {
    target_arn s R
  }
  block environment list 0 1 {
    variables ms O
  }
  block ephemeral_storage list 0 1 C {
    size n OC int=512-10240
  }
  block logging_config list 0 1 C {
    application_log_level s O enum=INFO,DEBUG,WARN
    log_format s R enum=Text,JSON
    log_group s OC k=path
    system_log_level s O enum=INFO,WARN
  }
  block tracing_config list 0 1 C {
    mode s R enum=Active,PassThrough
  }
  block vpc_config list 0 1 {
    ipv6_allowed_for_dual_stack b O
    security_group_ids ss R len=1-3
    subnet_ids ss R len=1-3
    vpc_id s C
  }
end

resource aws_vpclattice_service id=svc-
  arn s C
  auth_type s OC enum=NONE,AWS_IAM
  certificate_arn s O null=70
  custom_domain_name s O null=60 k=dns
  nested dns_entry list C {
    domain_name s C
    hosted_zone_id s C k=ref
  }
  id s C
  name s RF
  nested listener map O {
    port n R
    protocol s R enum=HTTP,HTTPS
    nested default_action single R {
      nested fixed_response single O {
        status_code n R int=200-503
      }
      nested forward single O {
        nested target_groups list R {
          target_group_identifier s R k=ref
          weight n O int=1-100
        }
      }
    }
  }
  nested access_log single O {
    destination_arn s R
    enabled b O
  }
  status s C enum=ACTIVE,CREATE_IN_PROGRESS
  tags ms O
  tags_all ms C
  nested timeouts single O {
    create s O enum=10m,30m
    delete s O enum=10m,30m
  }
end

data aws_ami id=ami-
  architecture s C enum=x86_64,arm64
  arn s C
  boot_mode s C enum=uefi,legacy-bios
  creation_date s C
  deprecation_time s C
  description s C
  ena_support b C
  executable_users ls O null=90 len=1-1 enum=self,all
  hypervisor s C enum=xen,nitro
  id s C
  image_id s C k=ref
  image_location s C k=path
  image_owner_alias s C enum=amazon,aws-marketplace
  image_type s C enum=machine
  include_deprecated b O
  kernel_id s C k=ref
  most_recent b O
  name s C
  name_regex s O null=70 enum=^al2023-ami-.*,^ubuntu/images/.*
  owner_id s C k=ref
  owners ls O len=1-2 enum=amazon,self,099720109477
  platform s C enum=windows
  platform_details s C enum=Linux/UNIX,Windows
  product_codes ss C len=0-1 k=hash
  public b C
  root_device_name s C enum=/dev/xvda,/dev/sda1
  root_device_type s C enum=ebs
  root_snapshot_id s C k=ref
  sriov_net_support s C enum=simple
  state s C enum=available
  state_reason ms C
  tags ms OC
  usage_operation s C enum=RunInstances
  virtualization_type s C enum=hvm
  obj block_device_mappings set C {
    device_name s O enum=/dev/xvda,/dev/sdb
    ebs ms O
    no_device s O null=90
    virtual_name s O null=80
  }
  block filter set 0 0 {
    name s R enum=name,architecture,virtualization-type,root-device-type
    values ls R len=1-2 k=word
  }
end

data aws_iam_policy_document id=
  id s C k=hash
  json s C k=policy
  minified_json s C k=policy
  override_policy_documents ls O len=0-1 k=policy
  policy_id s O null=80
  source_policy_documents ls O len=0-1 k=policy
  version s O enum=2012-10-17
  block statement list 0 0 {
    actions ss O len=1-4 enum=s3:GetObject,s3:PutObject,s3:ListBucket,kms:Decrypt,sqs:SendMessage,logs:PutLogEvents,ec2:Describe*
    effect s O enum=Allow,Deny
    not_actions ss O len=0-1 enum=iam:*
    not_resources ss O len=0-1 k=arn
    resources ss O len=1-3 k=arn
    sid s O k=name
    block condition set 0 0 {
      test s R enum=StringEquals,StringLike,ArnLike,Bool
      values ls R len=1-2 k=word
      variable s R enum=aws:SourceArn,aws:PrincipalOrgID,aws:SecureTransport,s3:prefix
    }
    block principals set 0 0 {
      identifiers ss R len=1-2 k=arn
      type s R enum=AWS,Service,Federated
    }
  }
end

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

provider google registry.terraform.io/hashicorp/google
config {
  project s O
  region s O
  credentials s OS k=json
  request_timeout s O
}

resource google_compute_instance v=6 id=
  allow_stopping_for_update b O
  can_ip_forward b OF
  cpu_platform s C enum=Intel_Cascade_Lake,AMD_Milan
  current_status s C enum=RUNNING,TERMINATED
  deletion_protection b O
  description s OF
  desired_status s O enum=RUNNING,TERMINATED null=70
  effective_labels ms C k=tags
  enable_display b O
  guest_accelerator ls OC len=0-0 k=word
  hostname s OF null=70 k=dns
  id s C k=url
  instance_id s C k=int
  label_fingerprint s C k=hash
  labels ms O
  machine_type s R enum=e2-medium,n2-standard-4,c3-standard-8,n2d-highmem-16
  metadata ms O
  metadata_fingerprint s C k=hash
  metadata_startup_script s OF k=script
  min_cpu_platform s OC null=70
  name s RF
  project s OCF
  resource_policies ls O len=0-1 k=url
  self_link s C
  tags ss O len=0-4 enum=web,ssh,internal,egress-nat,lb-health
  tags_fingerprint s C k=hash
  terraform_labels ms C k=tags
  zone s OCF
  block advanced_machine_features list 0 1 {
    enable_nested_virtualization b OF
    threads_per_core n OF int=1-2
    visible_core_count n OF int=2-16
  }
  block attached_disk list 0 0 {
    device_name s OC
    disk_encryption_key_raw s OS null=90 k=secret
    disk_encryption_key_sha256 s C k=b64
    kms_key_self_link s OC null=60 k=url
    mode s O enum=READ_WRITE,READ_ONLY
    source s R k=url
  }
  block boot_disk list 1 1 {
    auto_delete b OF
    device_name s OCF
    disk_encryption_key_raw s OSF null=90 k=secret
    disk_encryption_key_sha256 s C k=b64
    kms_key_self_link s OCF null=60 k=url
    mode s OF enum=READ_WRITE
    source s OCF k=url
    block initialize_params list 0 1 C {
      enable_confidential_compute b OF
      image s OCF enum=debian-cloud/debian-12,ubuntu-os-cloud/ubuntu-2204-lts,cos-cloud/cos-stable
      labels ms OCF
      provisioned_iops n OCF int=3000-10000
      resource_manager_tags ms OF
      size n OCF int=10-500
      type s OCF enum=pd-standard,pd-balanced,pd-ssd
    }
  }
  block network_interface list 1 0 {
    internal_ipv6_prefix_length n OC int=96-96
    ipv6_access_type s C enum=EXTERNAL
    ipv6_address s OC null=70
    name s C enum=nic0,nic1
    network s OC k=url
    network_ip s OC
    nic_type s OF enum=GVNIC,VIRTIO_NET
    queue_count n OF int=0-8
    stack_type s OC enum=IPV4_ONLY,IPV4_IPV6
    subnetwork s OC k=url
    subnetwork_project s OC
    block access_config list 0 0 {
      nat_ip s OC
      network_tier s OC enum=PREMIUM,STANDARD
      public_ptr_domain_name s O null=80 k=dns
    }
    block alias_ip_range list 0 0 {
      ip_cidr_range s R
      subnetwork_range_name s O
    }
  }
  block scheduling list 0 1 C {
    automatic_restart b O
    instance_termination_action s O enum=STOP,DELETE null=60
    min_node_cpus n O int=0-4
    on_host_maintenance s OC enum=MIGRATE,TERMINATE
    preemptible b OF
    provisioning_model s OCF enum=STANDARD,SPOT
  }
  block service_account list 0 1 {
    email s OC
    scopes ss R len=1-3 enum=cloud-platform,logging-write,monitoring-write,storage-ro
  }
  block shielded_instance_config list 0 1 C {
    enable_integrity_monitoring b O
    enable_secure_boot b O
    enable_vtpm b O
  }
end

resource google_cloud_run_v2_service id=
  annotations ms O
  client s O null=70 enum=gcloud,cloud-console
  conditions_count n C int=1-4
  create_time s C
  creator s C k=email
  custom_audiences ls O len=0-1 k=url
  deletion_protection b O
  description s O
  etag s C
  generation s C k=int
  id s C k=url
  ingress s OC enum=INGRESS_TRAFFIC_ALL,INGRESS_TRAFFIC_INTERNAL_ONLY
  labels ms O
  last_modifier s C k=email
  launch_stage s OC enum=GA,BETA
  location s RF
  name s RF
  observed_generation s C k=int
  project s OCF
  reconciling b C
  uid s C k=uuid
  update_time s C
  uri s C
  nested template single R {
    annotations ms O
    encryption_key s O null=80 k=kms
    execution_environment s O enum=EXECUTION_ENVIRONMENT_GEN2
    labels ms O
    max_instance_request_concurrency n OC int=1-1000
    revision s O null=80
    service_account s OC k=email
    session_affinity b O
    timeout s OC enum=300s,900s,3600s
    nested containers list R {
      args ls O len=0-3 enum=--port=8080,--verbose,--config=/etc/app.yaml
      command ls O len=0-2 k=path
      depends_on ls O len=0-1 k=name
      image s R k=url
      name s OC
      working_dir s O k=path
      nested env set O {
        name s R k=name
        value s O k=word
        nested value_source single O {
          nested secret_key_ref single O {
            secret s R k=name
            version s O enum=latest,1,2
          }
        }
      }
      nested ports list OC {
        container_port n O int=8080-8090
        name s OC enum=http1,h2c
      }
      nested resources single OC {
        cpu_idle b O
        limits ms OC
        startup_cpu_boost b O
      }
      nested volume_mounts list O {
        mount_path s R k=path
        name s R
      }
    }
    nested scaling single OC {
      max_instance_count n O int=1-100
      min_instance_count n O int=0-5
    }
    nested volumes list O {
      name s R
      nested cloud_sql_instance single O {
        instances ss O len=1-2 k=name
      }
      nested secret single O {
        default_mode n O int=292-511
        secret s R k=name
      }
    }
    nested vpc_access single O {
      connector s O k=url
      egress s OC enum=ALL_TRAFFIC,PRIVATE_RANGES_ONLY
    }
  }
  nested terminal_condition list C {
    execution_reason s C enum=EXECUTION_REASON_UNDEFINED
    last_transition_time s C
    message s C
    reason s C enum=ROUTE_MISSING,REVISION_FAILED
    severity s C enum=ERROR,INFO
    state s C enum=CONDITION_SUCCEEDED,CONDITION_FAILED
    type s C enum=Ready,RoutesReady
  }
  nested traffic list OC {
    percent n OC int=0-100
    revision s O null=60
    tag s O null=60 enum=blue,green,canary
    type s OC enum=TRAFFIC_TARGET_ALLOCATION_TYPE_LATEST,TRAFFIC_TARGET_ALLOCATION_TYPE_REVISION
  }
end

resource google_storage_bucket id=
  default_event_based_hold b O
  effective_labels ms C k=tags
  enable_object_retention b O
  force_destroy b O
  id s C k=name
  labels ms O
  location s RF enum=US,EU,ASIA,europe-west1,us-central1
  name s RF
  project s OCF
  project_number n C int=100000000-999999999
  public_access_prevention s OC enum=enforced,inherited
  requester_pays b O
  rpo s OC enum=DEFAULT,ASYNC_TURBO
  self_link s C
  storage_class s O enum=STANDARD,NEARLINE,COLDLINE
  terraform_labels ms C k=tags
  uniform_bucket_level_access b OC
  url s C
  block autoclass list 0 1 {
    enabled b R
    terminal_storage_class s OC enum=NEARLINE,ARCHIVE
  }
  block cors list 0 0 {
    max_age_seconds n O int=300-3600
    method ls O len=1-3 enum=GET,HEAD,PUT,POST
    origin ls O len=1-2 k=url
    response_header ls O len=0-2 enum=Content-Type,ETag
  }
  block encryption list 0 1 {
    default_kms_key_name s R k=kms
  }
  block lifecycle_rule list 0 100 {
    block action set 1 1 {
      storage_class s O enum=NEARLINE,COLDLINE,ARCHIVE
      type s R enum=Delete,SetStorageClass,AbortIncompleteMultipartUpload
    }
    block condition set 1 1 {
      age n O int=1-3650
      created_before s O null=70
      matches_prefix ls O len=0-2 k=path
      matches_storage_class ls O len=0-2 enum=STANDARD,NEARLINE
      num_newer_versions n O int=1-10
      with_state s OC enum=LIVE,ARCHIVED,ANY
    }
  }
  block logging list 0 1 {
    log_bucket s R k=name
    log_object_prefix s OC k=path
  }
  block versioning list 0 1 {
    enabled b R
  }
  block website list 0 1 C {
    main_page_suffix s O enum=index.html
    not_found_page s O enum=404.html
  }
end

data google_client_config id=
  access_token s CS k=secret
  default_labels ms C
  id s C k=url
  project s C
  region s C
  zone s C
end

data google_compute_image id=
  archive_size_bytes n C int=1000000-9000000000
  creation_timestamp s C
  description s C
  disk_size_gb n C int=10-50
  family s O enum=debian-12,ubuntu-2204-lts,cos-stable
  filter s O null=90
  id s C k=url
  image_encryption_key_sha256 s C k=b64
  image_id s C k=int
  label_fingerprint s C k=hash
  labels ms C
  licenses ls C len=1-1 k=url
  most_recent b O
  name s OC
  project s OC
  self_link s C
  source_disk s C k=url
  source_disk_encryption_key_sha256 s C k=b64
  source_disk_id s C k=int
  source_image_id s C k=int
  status s C enum=READY
end
)DSL";

}  // namespace

const Schema& CloudSchema() {
  static const std::unique_ptr<Schema> kSchema = ParseSchema(kCloudDsl);
  return *kSchema;
}

}  // namespace tfgen
