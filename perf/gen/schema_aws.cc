// Schema DSL (grammar in schema_parse.cc) for a lookalike of hashicorp/aws:
// aws_instance, aws_s3_bucket, aws_iam_role, aws_security_group,
// aws_db_instance, aws_lambda_function, aws_vpclattice_service (nested attribute types);
// data aws_ami, aws_iam_policy_document.
// Trimmed from the real provider schemas; hints not given derive from names.
#include "gen/cloud_schema.h"

namespace tfgen {

extern const std::string_view kAwsDsl = R"DSL(
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
)DSL";

}  // namespace tfgen
