// Schema DSL (grammar in schema_parse.cc) for a lookalike of hashicorp/google:
// google_compute_instance, google_cloud_run_v2_service (nested
// attribute types), google_storage_bucket; data google_client_config, google_compute_image.
// Trimmed from the real provider schemas; hints not given derive from names.
#include "gen/cloud_schema.h"

namespace tfgen {

extern const std::string_view kGoogleDsl = R"DSL(
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

}  // namespace tfgen
